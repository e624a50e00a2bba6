/**
 * Compares the shape of a sandbox answer with a real pixiv capture: every key path of the
 * capture must exist in the answer with the same JSON type. Rules:
 * - array items are compared by their element shape (`path[]`, the union over all items), so
 *   the answer's array must have items when the capture's does;
 * - maps keyed by ids (all-digit keys, or `<id>-<page>`) are compared by their value shape
 *   (`path.<id>`);
 * - where the capture shows null, the answer must hold null too, unless the reference
 *   (pixiv-upstream.md) documents `null | <type>` there (`nullOr`), and nothing below it is
 *   required; where the capture shows a type, null is a retyped value;
 * - keys the answer has beyond the capture are allowed.
 */

/** An id key: all digits, or `<id>-<page>` as the webview novel keys a later page. */
const ID_KEY = /^\d+(-\d+)?$/;

export type JsonKind = 'null' | 'string' | 'number' | 'boolean' | 'array' | 'object';

export function jsonKind(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonKind;
}

/** Every key path of a JSON value with the kinds seen there. */
export function keyPaths(value: unknown, path = '$', out = new Map<string, Set<JsonKind>>()) {
  let kinds = out.get(path);
  if (!kinds) out.set(path, (kinds = new Set()));
  kinds.add(jsonKind(value));
  if (Array.isArray(value)) {
    for (const item of value) keyPaths(item, `${path}[]`, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // As in JSON, a key whose value is undefined is not there.
      if (item === undefined) continue;
      keyPaths(item, `${path}.${ID_KEY.test(key) ? '<id>' : key}`, out);
    }
  }
  return out;
}

export interface ShapeOptions {
  /**
   * Further captures of the same endpoint: the wanted shape is the union of all, so a key one
   * capture shows null and another a string may be either.
   */
  alsoLike?: unknown[];
  /**
   * Paths where pixiv sends `[]` for an empty collection and an object otherwise (profile/all,
   * the webview novel's `images`): there an empty array and an object are the same shape.
   */
  emptyListOrMap?: string[];
  /**
   * Paths the capture shows null where pixiv-upstream.md documents `null | <type>` (a series,
   * `seriesNavData`, a bookmark): the answer may hold those kinds there as well as null. Below
   * such a value nothing is compared, as the capture shows nothing.
   */
  nullOr?: Record<string, readonly JsonKind[]>;
}

/** The differences, one line each (`$.a.b missing`, `$.a: string expected, got number`). */
export function shapeDifferences(capture: unknown, answer: unknown, options: ShapeOptions = {}) {
  const want = keyPaths(capture);
  for (const other of options.alsoLike ?? []) keyPaths(other, '$', want);
  const have = keyPaths(answer);
  const either = new Set(options.emptyListOrMap ?? []);
  const differences: string[] = [];
  /** Paths below which nothing is required (capture null, or a reported difference). */
  const settled: string[] = [];
  const below = (path: string) =>
    settled.some((p) => path.startsWith(`${p}.`) || path.startsWith(`${p}[]`));

  // Map order is insertion order: every parent path comes before its children.
  for (const [path, wanted] of want) {
    if (below(path)) continue;
    const got = have.get(path);
    if (!got) {
      differences.push(`${path} missing`);
      settled.push(path);
      continue;
    }
    if (wanted.size === 1 && wanted.has('null')) {
      settled.push(path);
      const allowed = new Set<JsonKind>(['null', ...(options.nullOr?.[path] ?? [])]);
      const wrong = [...got].filter((kind) => !allowed.has(kind));
      if (wrong.length > 0) {
        differences.push(`${path}: ${[...allowed].join('|')} expected, got ${[...got].join('|')}`);
      }
      continue;
    }
    const allowed = new Set(wanted);
    if (either.has(path) && (allowed.has('array') || allowed.has('object'))) {
      allowed.add('array').add('object');
    }
    const wrong = [...got].filter((kind) => !allowed.has(kind));
    if (wrong.length > 0) {
      differences.push(`${path}: ${[...wanted].join('|')} expected, got ${[...got].join('|')}`);
      settled.push(path);
      continue;
    }
    // An empty-or-map collection that is the other form in the answer: nothing to compare below.
    if (either.has(path) && [...got].some((kind) => !wanted.has(kind))) settled.push(path);
  }
  return differences;
}

/**
 * Where a www capture shows null and pixiv-upstream.md §3 documents another type beside it:
 * `bookmarkData: null|{id, private}` (ArtworkCommon and `/ajax/illust/{id}`), `seriesNavData:
 * null|{seriesType, …}`, `userIllusts{<id>: null|ArtworkCommon}`, and the title and caption
 * translations, which are strings once translated. Every other capture null must stay null.
 */
export const WWW_NULLABLE: Readonly<Record<string, readonly JsonKind[]>> = {
  '$.body.bookmarkData': ['object'],
  '$.body.seriesNavData': ['object'],
  '$.body.userIllusts.<id>': ['object'],
  '$.body.titleCaptionTranslation.workTitle': ['string'],
  '$.body.titleCaptionTranslation.workCaption': ['string'],
  '$.body.works[].bookmarkData': ['object'],
  '$.body.works[].titleCaptionTranslation.workTitle': ['string'],
  '$.body.works[].titleCaptionTranslation.workCaption': ['string'],
};
