/**
 * The novel object of the `/webview/v2/novel` HTML. HibiAPI's regex (conformance.md §2): the
 * JSON after `novel:` up to the first `},` that is followed by `isOwnWork`, on one line.
 */
export const WEBVIEW_NOVEL_PATTERN = /novel:\s+(?<data>{.+?}),\s+isOwnWork/;

/** The parsed object, or null when the page holds none (or not valid JSON). */
export function parseWebviewNovel(html: string): unknown {
  const data = WEBVIEW_NOVEL_PATTERN.exec(html)?.groups?.data;
  if (!data) return null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}
