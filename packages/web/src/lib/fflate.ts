/**
 * fflate, loaded the first time a zip is made (a download of several pages) or read (an ugoira's
 * frames), not with the screens: imported by every artwork card (its download button), it was in
 * the chunk every card screen loads, and evaluating it builds its Huffman tables: 4–14 ms of every
 * card screen's take-over at 4× CPU (stop 63, a CPU profile of the artwork's start). Through
 * withChunkTimeout like every lazy chunk (spec 001 §8). The ugoira exporters (ugoira-export/)
 * import it themselves: they are a chunk loaded on demand already.
 */
import type * as Fflate from 'fflate';
import { withChunkTimeout } from './chunk-error.ts';

export function loadFflate(): Promise<typeof Fflate> {
  return withChunkTimeout(() => import('fflate'));
}
