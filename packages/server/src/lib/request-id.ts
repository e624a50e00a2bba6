/**
 * Request ids (`x-request-id` and the log's `reqId`): random version-4 UUIDs, as node's
 * `crypto.randomUUID()` makes them (random bytes from the same generator, drawn 128 ids at a time
 * as node draws them), but each one flat string. Node's adds 20 pieces up into a string that V8
 * keeps as a tree of pieces (some 900 instructions of a cache hit's 80k under callgrind, issue
 * 37), and a hit's id goes into its head and its log line, each copied out piece by piece. Here
 * the characters are written into a buffer and read out as one string.
 */
import { randomFillSync } from 'node:crypto';

/** Ids drawn from one fill of the random pool. */
const IDS_PER_FILL = 128;
const pool = new Uint8Array(16 * IDS_PER_FILL);
/** The next id's place in the pool (IDS_PER_FILL: the pool is used up). */
let next = IDS_PER_FILL;
/** Each byte's two hexadecimal digits, as character codes. */
const HEX = new Uint8Array(512);
for (let b = 0; b < 256; b++) {
  const digits = b.toString(16).padStart(2, '0');
  HEX[2 * b] = digits.charCodeAt(0);
  HEX[2 * b + 1] = digits.charCodeAt(1);
}
/** Where each of the 16 bytes' digits go in `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`. */
const PLACES = Uint8Array.of(0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34);
const text = Buffer.from('00000000-0000-0000-0000-000000000000', 'latin1');

/** A random UUID (version 4, RFC 9562), in lower case. */
export function requestId(): string {
  if (next === IDS_PER_FILL) {
    randomFillSync(pool);
    next = 0;
  }
  const at = 16 * next++;
  // the version (4) and the variant (10xx)
  pool[at + 6] = (pool[at + 6]! & 0x0f) | 0x40;
  pool[at + 8] = (pool[at + 8]! & 0x3f) | 0x80;
  for (let i = 0; i < 16; i++) {
    const b = pool[at + i]!;
    const place = PLACES[i]!;
    text[place] = HEX[2 * b]!;
    text[place + 1] = HEX[2 * b + 1]!;
  }
  return text.toString('latin1', 0, 36);
}
