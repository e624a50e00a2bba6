/**
 * The special works of a world, listed for browser tests and screenshots
 * (`GET /_sandbox/special-works`): works withheld from every viewer (app-json.ts: the app API
 * sends pixiv's limit placeholder, the web detail still has them) and deleted works (deleted.ts:
 * the app API answers 404, the recovery service kept them). A pure function of the seed.
 */
import { withheldKind } from './app-json.ts';
import type { Dataset } from './dataset.ts';
import { deletedWorks } from './deleted.ts';

export interface SpecialWorks {
  withheld: { id: number; kind: 'unviewable' | 'mypixiv'; xRestrict: number; pageCount: number }[];
  deleted: { id: number; pageCount: number }[];
}

export function specialWorks(data: Dataset): SpecialWorks {
  const withheld: SpecialWorks['withheld'] = [];
  for (let i = 0; i < data.illustCount; i++) {
    const work = data.work(i);
    const kind = withheldKind(work);
    if (kind) {
      withheld.push({ id: work.id, kind, xRestrict: work.xRestrict, pageCount: work.pageCount });
    }
  }
  const deleted = deletedWorks(data).map((w) => ({ id: w.id, pageCount: w.pageCount }));
  return { withheld, deleted };
}
