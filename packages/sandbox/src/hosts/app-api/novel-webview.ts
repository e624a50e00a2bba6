/**
 * The `/webview/v2/novel` page: HTML whose script holds a JS object literal with
 * `novel: {…},` and then `isOwnWork:` on its own line (pixiv-upstream.md §1.2 webview), laid
 * out so that every known client extracts it: pixivpy's and HibiAPI's regexes
 * (`novel:\s+({.+?}),\s+isOwnWork`), gallery-dl's "between `novel: ` and `,\n`", and pixez's
 * balanced-brace scan. The JSON is on one line, with `/` and `<` escaped so that no text can
 * close the script.
 */
import type { RawWebviewNovel } from '@pv/core';

function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function webviewHtml(novel: RawWebviewNovel): string {
  return `<!DOCTYPE html>
<html lang="ja">
<head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <title>${escapeHtml(novel.title)}</title>
</head>
<body>
<div id="root"></div>
<script>
    Object.defineProperty(window, 'pixiv', {
        value: {
            novel: ${scriptJson(novel)},
            isOwnWork: false,
            authorDetails: {"id":${scriptJson(novel.userId)}},
            viewerVersion: "20221031_ai",
        },
        writable: false,
    });
</script>
</body>
</html>
`;
}
