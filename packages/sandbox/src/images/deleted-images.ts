/**
 * Images of deleted works that pixiv's CDN still holds (recovery services link to them): the
 * master and original of each page at the work's date. Everything else about a deleted work is
 * gone (the app API answers 404). Renders are kept in a small LRU.
 */
import { createHash } from 'node:crypto';
import { jstPathDate } from '../clock.ts';
import type { DeletedWork } from '../data/deleted.ts';
import { artSvg, renderSvg } from './art.ts';
import type { StoredImage } from './store.ts';
import { PXIMG, parseImagePath } from './urls.ts';

const KEEP = 32;

/** The recovery service's URLs of one page: the 1200 master as sample, the original as file. */
export function deletedPageUrls(work: DeletedWork, page: number): { sample: string; file: string } {
  const date = jstPathDate(work.created);
  return {
    sample: `${PXIMG}/img-master/img/${date}/${work.id}_p${page}_master1200.jpg`,
    file: `${PXIMG}/img-original/img/${date}/${work.id}_p${page}.jpg`,
  };
}

export class DeletedImages {
  private readonly cache = new Map<string, Promise<StoredImage>>();
  private readonly byId: Map<number, DeletedWork>;

  constructor(
    private readonly seed: number,
    works: readonly DeletedWork[],
  ) {
    this.byId = new Map(works.map((w) => [w.id, w]));
  }

  /** The image at an i.pximg.net path when it is a deleted work's master or original, else null. */
  get(path: string): Promise<StoredImage> | null {
    const req = parseImagePath(path);
    if (!req || req.type !== 'work' || req.crop || !req.paged || req.ext !== 'jpg') return null;
    const work = this.byId.get(req.id);
    if (!work || req.page >= work.pageCount || jstPathDate(work.created) !== req.date) return null;
    if (req.variant === 'square') return null;
    const hit = this.cache.get(path);
    if (hit) return hit;
    const svg = artSvg({
      seed: this.seed,
      key: `deleted:${work.id}:${req.page}`,
      width: work.width,
      height: work.height,
    });
    const box = req.variant === 'original' ? work : { width: 1200, height: 1200 };
    const job = renderSvg(svg, { ...box, cover: false, format: 'jpeg', quality: 90 }).then(
      (bytes) => ({
        bytes,
        contentType: 'image/jpeg',
        etag: `"${createHash('sha1').update(bytes).digest('hex').slice(0, 32)}"`,
        lastModified: new Date(work.created),
      }),
    );
    job.catch(() => this.cache.delete(path));
    if (this.cache.size >= KEEP) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(path, job);
    return job;
  }
}
