/**
 * What `/` makes the browser download before first paint: the entry script, its static
 * imports (Vite's modulepreload links) and the stylesheets of the built index.html. Lazily
 * loaded route chunks are not counted. Sizes are gzip level 9, as a compressing proxy sends them.
 * A budget (issue 37): more than 165 KB gzip fails the run. The app is built for this with hidden
 * source maps (the same JS bytes, the maps beside them and not linked), and each script's bytes
 * are attributed to the package its source maps point to (`by_package`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Issue 37's budget: the JS and CSS before first paint, gzip, at most 165 KB. */
export const FIRST_PAINT_GZIP_BUDGET_BYTES = 165 * 1024;

export interface BundleFile {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

/** One package's share of the first-paint scripts (and the stylesheets, as `(css)`). */
export interface PackageBytes {
  package: string;
  /** Minified bytes its source maps attribute to it. */
  bytes: number;
  /** Its share of its files' gzip bytes, in proportion to `bytes` (gzip works across packages). */
  gzipBytes: number;
}

export interface BundleResult {
  files: BundleFile[];
  total: { jsGzipBytes: number; cssGzipBytes: number; gzipBytes: number; bytes: number };
  /** Largest first. */
  by_package: PackageBytes[];
  budget_gzip_bytes: number;
  budget_ok: boolean;
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
    by_package: byPackage(distDir, files),
    budget_gzip_bytes: FIRST_PAINT_GZIP_BUDGET_BYTES,
    budget_ok: gzipBytes <= FIRST_PAINT_GZIP_BUDGET_BYTES,
  };
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the app with hidden source maps into a directory of its own and measures it. */
export function buildAndMeasureBundle(): BundleResult {
  const out = mkdtempSync(join(tmpdir(), 'pv-bench-bundle-'));
  try {
    const build = spawnSync(
      'npx',
      [
        'vite',
        'build',
        '--sourcemap',
        'hidden',
        '--outDir',
        out,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { cwd: join(root, 'packages/web'), stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error(`the web build failed (${build.status})`);
    return measureBundle(out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The package a source path belongs to: `node_modules/<name>` or `packages/<ours>`. */
export function packageOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = source.slice(modules + 'node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? source);
  }
  const ours = /(?:^|\/)packages\/([^/]+)\//.exec(source);
  if (ours) return `@pv/${ours[1]} (ours)`;
  return '(bundler runtime, unmapped)';
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * A source map's segments as [generated line, generated column, source index or -1], in order
 * (the v3 `mappings` field: base64 VLQ, `;` between lines, `,` between segments).
 */
export function decodeMappings(mappings: string): [number, number, number][] {
  const out: [number, number, number][] = [];
  let line = 0;
  let source = 0;
  for (const lineText of mappings.split(';')) {
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length >= 4) source += values[1]!;
      out.push([line, column, values.length >= 4 ? source : -1]);
    }
    line++;
  }
  return out;
}

/** Each script's bytes by package through its source map; each stylesheet as `(css)`. */
function byPackage(distDir: string, files: BundleFile[]): PackageBytes[] {
  const totals = new Map<string, { bytes: number; gzipBytes: number }>();
  const add = (name: string, bytes: number, gzipBytes: number) => {
    const t = totals.get(name) ?? { bytes: 0, gzipBytes: 0 };
    t.bytes += bytes;
    t.gzipBytes += gzipBytes;
    totals.set(name, t);
  };
  for (const file of files) {
    const path = join(distDir, file.file.replace(/^\//, ''));
    if (file.kind === 'css' || !existsSync(`${path}.map`)) {
      add(file.kind === 'css' ? '(css)' : '(no source map)', file.bytes, file.gzipBytes);
      continue;
    }
    const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    const code = readFileSync(path);
    const lines = code.toString('utf8').split('\n');
    const segments = decodeMappings(map.mappings);
    // each segment's byte offset (columns count UTF-16 units; minified code is ASCII but for
    // some string literals), walking each line once
    const offsets: number[] = [];
    let lineStart = 0;
    let at = { line: 0, column: 0, byte: 0 };
    for (const [line, column] of segments) {
      while (at.line < line) {
        lineStart += Buffer.byteLength(lines[at.line] ?? '') + 1;
        at = { line: at.line + 1, column: 0, byte: lineStart };
      }
      at.byte += Buffer.byteLength((lines[line] ?? '').slice(at.column, column));
      at.column = column;
      offsets.push(at.byte);
    }
    const share = new Map<string, number>();
    let mapped = 0;
    for (let i = 0; i < segments.length; i++) {
      const source = segments[i]![2];
      const start = offsets[i]!;
      const end = offsets[i + 1] ?? code.length;
      const name =
        source >= 0 ? packageOf(map.sources[source] ?? '') : '(bundler runtime, unmapped)';
      share.set(name, (share.get(name) ?? 0) + (end - start));
      mapped += end - start;
    }
    // what precedes the first segment
    share.set(
      '(bundler runtime, unmapped)',
      (share.get('(bundler runtime, unmapped)') ?? 0) + code.length - mapped,
    );
    for (const [name, bytes] of share)
      if (bytes > 0) add(name, bytes, (bytes / code.length) * file.gzipBytes);
  }
  return [...totals]
    .map(([name, t]) => ({ package: name, bytes: t.bytes, gzipBytes: Math.round(t.gzipBytes) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}
