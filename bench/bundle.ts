/**
 * What `/` makes the browser download before first paint: the entry script, its static
 * imports (Vite's modulepreload links) and the stylesheets of the built index.html. Lazily
 * loaded route chunks are not counted. Sizes are gzip level 9, as a compressing proxy sends them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 17's goal: the JS and CSS before first paint, gzip, at most 100 KB. */
export const FIRST_PAINT_GZIP_GOAL_BYTES = 100 * 1024;

export interface BundleFile {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

export interface BundleResult {
  files: BundleFile[];
  total: { jsGzipBytes: number; cssGzipBytes: number; gzipBytes: number; bytes: number };
  goal_gzip_bytes: number;
  goal_met: boolean;
}

const ASSET_PATTERNS: { kind: 'js' | 'css'; pattern: RegExp }[] = [
  { kind: 'js', pattern: /<script[^>]*type="module"[^>]*src="([^"]+)"/g },
  { kind: 'js', pattern: /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g },
  { kind: 'css', pattern: /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g },
];

/** Lists the critical assets referenced by `dist/index.html` and measures each. */
export function measureBundle(distDir: string): BundleResult {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const files: BundleFile[] = [];
  for (const { kind, pattern } of ASSET_PATTERNS) {
    for (const match of html.matchAll(pattern)) {
      const href = match[1] ?? '';
      if (seen.has(href) || /^https?:/.test(href)) continue;
      seen.add(href);
      const content = readFileSync(join(distDir, href.replace(/^\//, '')));
      files.push({
        file: href,
        kind,
        bytes: content.length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
      });
    }
  }
  if (!files.some((f) => f.kind === 'js'))
    throw new Error('index.html references no module script');
  const sum = (list: BundleFile[], key: 'bytes' | 'gzipBytes') =>
    list.reduce((n, f) => n + f[key], 0);
  const js = files.filter((f) => f.kind === 'js');
  const css = files.filter((f) => f.kind === 'css');
  const gzipBytes = sum(files, 'gzipBytes');
  return {
    files,
    total: {
      jsGzipBytes: sum(js, 'gzipBytes'),
      cssGzipBytes: sum(css, 'gzipBytes'),
      gzipBytes,
      bytes: sum(files, 'bytes'),
    },
    goal_gzip_bytes: FIRST_PAINT_GZIP_GOAL_BYTES,
    goal_met: gzipBytes <= FIRST_PAINT_GZIP_GOAL_BYTES,
  };
}
