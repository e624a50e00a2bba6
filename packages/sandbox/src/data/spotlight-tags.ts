/**
 * pixivision's tag ids (`/{lang}/t/{id}`, the showcase JSON's `tags[].id`): one id per tag, fixed
 * by the tag list alone. An id is the tag's hash in 1000–9999; on a clash the later tag in the
 * list takes the next free id, so no two tags share a list page.
 */
import { hash32 } from '../rng.ts';
import { TAGS, type TagWord } from './words.ts';

const FIRST_ID = 1000;
const ID_SPAN = 9000;

const byName = new Map<string, number>();
const byId = new Map<number, TagWord>();
for (const tag of TAGS) {
  let id = (hash32(7, tag.name) % ID_SPAN) + FIRST_ID;
  while (byId.has(id)) id = id + 1 < FIRST_ID + ID_SPAN ? id + 1 : FIRST_ID;
  byName.set(tag.name, id);
  byId.set(id, tag);
}

/** The pixivision id of a tag of the dataset's tag list. */
export function tagId(name: string): number {
  const id = byName.get(name);
  if (id === undefined) throw new Error(`no pixivision tag id for "${name}"`);
  return id;
}

/** The tag a pixivision tag id names, if any. */
export function tagById(id: number): TagWord | undefined {
  return byId.get(id);
}
