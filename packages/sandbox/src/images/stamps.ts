/**
 * s.pximg.net's comment stamps (`common/images/stamp/generated-stamps/<id>_s.jpg`) and emoji
 * (`common/images/emoji/<n>.png`, and `common/images/emoji/128x128/<n>_128x128.png` for
 * `/v1/emoji`), drawn once per id and size and kept: there are only a few dozen.
 * Anything outside pixiv's sets is null (a 404).
 */
import { createHash } from 'node:crypto';
import { EMOJI, STAMP_IDS } from '../data/comments.ts';
import { artSvg, renderSvg } from './art.ts';
import type { StoredImage } from './store.ts';

const STAMP = /^common\/images\/stamp\/generated-stamps\/(\d{3})_s\.jpg$/;
const EMOJI_PATH = /^common\/images\/emoji\/(\d{3})\.png$/;
/** The large emoji of `/v1/emoji`'s `image_url_medium`. */
const EMOJI_128_PATH = /^common\/images\/emoji\/128x128\/(\d{3})_128x128\.png$/;
const EMOJI_NUMBERS = new Set(Object.values(EMOJI));
/** Stamps are 96 px squares in pixiv's comment box; emoji 24 px (shown at 14-24 px), or 128. */
const STAMP_SIZE = 96;
const EMOJI_SIZE = 24;
const EMOJI_128_SIZE = 128;
const RELEASED = Date.parse('2018-06-05T00:00:00Z');

export class StampImages {
  private readonly cache = new Map<string, Promise<StoredImage>>();

  constructor(private readonly seed: number) {}

  /** The image at an s.pximg.net path (no leading slash), or null when it is not a stamp or emoji. */
  get(path: string): Promise<StoredImage> | null {
    const stamp = STAMP.exec(path);
    const emoji = EMOJI_PATH.exec(path);
    if (stamp && STAMP_IDS.includes(Number(stamp[1]))) {
      return this.draw(`stamp:${stamp[1]}`, STAMP_SIZE, 'jpeg');
    }
    if (emoji && EMOJI_NUMBERS.has(Number(emoji[1]))) {
      return this.draw(`emoji:${emoji[1]}`, EMOJI_SIZE, 'png');
    }
    const large = EMOJI_128_PATH.exec(path);
    if (large && EMOJI_NUMBERS.has(Number(large[1]))) {
      return this.draw(`emoji:${large[1]}`, EMOJI_128_SIZE, 'png');
    }
    return null;
  }

  /** The picture `key` at `size` (one picture per emoji, drawn at each size asked for). */
  private draw(key: string, size: number, format: 'jpeg' | 'png'): Promise<StoredImage> {
    const cacheKey = `${key}@${size}`;
    let job = this.cache.get(cacheKey);
    if (!job) {
      const svg = artSvg({ seed: this.seed, key, width: size, height: size });
      job = renderSvg(svg, { width: size, height: size, cover: true, format, quality: 90 }).then(
        (bytes) => ({
          bytes,
          contentType: format === 'jpeg' ? 'image/jpeg' : 'image/png',
          etag: `"${createHash('sha1').update(bytes).digest('hex').slice(0, 32)}"`,
          lastModified: new Date(RELEASED),
        }),
      );
      // A failed render is not kept, so the next request tries again.
      job.catch(() => this.cache.delete(cacheKey));
      this.cache.set(cacheKey, job);
    }
    return job;
  }
}
