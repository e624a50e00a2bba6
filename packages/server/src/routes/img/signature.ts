/**
 * What an image route may answer (issue 34): the raster formats pixiv serves and the ugoira zips,
 * told by the bytes' signature, never by upstream's content-type alone. An SVG, HTML or XML body
 * (or one whose header lies about it) is no picture, whatever the header says: served from our
 * origin it would run script there.
 */

/** Content types the image routes may answer, as upstream spells them (parameters ignored). */
const ALLOWED_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'application/zip',
  'application/x-zip',
  'application/x-zip-compressed',
]);

/** Bytes read before the signature is judged (enough for every format below). */
export const SIGNATURE_BYTES = 32;

/** Upstream's content type when it is one the image routes may answer, lower-cased; else undefined. */
export function allowedImageType(header: string | null): string | undefined {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return ALLOWED_TYPES.has(type) ? type : undefined;
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** AVIF: an ISO-BMFF `ftyp` box whose major or a compatible brand is avif/avis. */
function isAvif(head: Uint8Array): boolean {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return false;
  const size = Math.min(
    ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0,
    head.length,
  );
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(head, at, at + 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

/**
 * The content type the first bytes of a body are, when they are a picture pixiv serves or a zip;
 * undefined for anything else (SVG, HTML, XML, text, too few bytes).
 */
export function sniffImageType(head: Uint8Array): string | undefined {
  const starts = (...sig: number[]) =>
    head.length >= sig.length && sig.every((b, i) => head[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (head.length >= 6 && /^GIF8[79]a$/.test(ascii(head, 0, 6))) return 'image/gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return 'image/webp';
  if (isAvif(head)) return 'image/avif';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'application/zip';
  return undefined;
}
