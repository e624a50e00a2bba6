/**
 * The fuzzer (issue 20): malformed requests over every route of the server's route table
 * (lib/route-table.ts), from a seeded generator, so that a run is repeatable and a new route is
 * fuzzed without anyone listing it. The suite (fuzz.test.ts) runs a fixed seed; `npm run bench --
 * fuzz` a new one. What counts as an answer: no 5xx, and every 4xx in the documented error shape
 * (a JSON object with a string `detail` or `error`, packages/server/README.md).
 */
import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from './lib/route-table.ts';

/** mulberry32: small, fast and good enough to spread the inputs. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const PARAM_NAMES = [
  'id',
  'page',
  'size',
  'mode',
  'date',
  'word',
  'path',
  'params',
  'data',
  'lang',
  'type',
  'illust_id',
  'user_id',
  'novel_id',
  'tag',
  'restrict',
  'offset',
  'sort',
  'duration',
  'filter',
  'text',
  'url',
  'raw',
  'start_date',
  'end_date',
  'max_bookmark_id',
  'comment_id',
  'p',
  'code',
  'code_challenge',
  'code_challenge_method',
  'client',
  'content',
  'next_url',
  '__proto__',
  'constructor',
  'a[b]',
  'x[__proto__][y]',
];

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

export interface FuzzContext {
  /** Ids that exist upstream, so that some requests get past validation. */
  ids: number[];
}

function makeValue(r: () => number, ctx: FuzzContext): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const choice = Math.floor(r() * 16);
  switch (choice) {
    case 0:
      return String(pick(ctx.ids));
    case 1:
      return pick(['', '0', '-1', '1.5', '1e3', '0x10', '0o7', '+1', ' 1', 'NaN', 'Infinity']);
    case 2:
      return '9'.repeat(1 + Math.floor(r() * 40));
    case 3:
      return pick(['null', 'true', 'false', '[]', '{}', '[1,2]', '{"a":{"b":[]}}', '"x"']);
    case 4:
      return pick(['__proto__', 'constructor', 'toString', 'prototype', 'hasOwnProperty']);
    case 5:
      return pick(['../../etc/passwd', '..\\..\\win.ini', '%2e%2e%2f', '／ｅｔｃ', '.', '//x']);
    case 6:
      return pick(['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:1']);
    case 7:
      return pick(["' OR 1=1--", '${7*7}', '{{7*7}}', '%s%s%n', '\\u0000', '`id`']);
    case 8:
      return 'a'.repeat(Math.floor(r() * 3000));
    case 9:
      return 'x'.repeat(10_000);
    case 10:
      return Array.from({ length: 1 + Math.floor(r() * 20) }, () =>
        String.fromCodePoint(Math.floor(r() * 0x2ffff)),
      )
        .join('')
        .replace(/[\uD800-\uDFFF]/g, '?');
    case 11:
      return Array.from({ length: 1 + Math.floor(r() * 8) }, () =>
        String.fromCharCode(Math.floor(r() * 32)),
      ).join('');
    case 12:
      return pick(['day', 'week', 'month', 'day_r18', 'illust', 'manga', 'novel', 'public']);
    case 13:
      return pick(['2026-11-19', '2026-02-30', '1900-01-01', '9999-99-99', '2026-11-19T00:00']);
    case 14:
      return pick(['http://127.0.0.1/', 'https://169.254.169.254/', 'file:///etc/passwd']);
    default:
      return String(Math.floor(r() * 1e6) - 1000);
  }
}

function fillPattern(url: string, r: () => number, ctx: FuzzContext): string {
  return url
    .replace(/:(\w+)/g, () => encodeURIComponent(makeValue(r, ctx)).slice(0, 600))
    .replace(/\*$/, () => {
      const segments = Array.from({ length: Math.floor(r() * 6) }, () =>
        r() < 0.5
          ? encodeURIComponent(makeValue(r, ctx)).slice(0, 80)
          : String(Math.floor(r() * 1e4)),
      );
      const ext = ['.jpg', '.png', '.zip', '.gif', '.m3u8', '.json', ''][Math.floor(r() * 7)]!;
      return `${segments.join('/')}${ext}`;
    });
}

function body(r: () => number): { payload?: string | Buffer; type?: string } {
  switch (Math.floor(r() * 9)) {
    case 0:
      return {};
    case 1:
      return { payload: '{"refresh_token":', type: 'application/json' };
    case 2:
      return {
        payload: JSON.stringify({ refresh_token: 'a'.repeat(43), code: {}, data: [1] }),
        type: 'application/json',
      };
    case 3:
      return { payload: 'a=1&a=2&__proto__[x]=1', type: 'application/x-www-form-urlencoded' };
    case 4:
      return { payload: '<x/>', type: 'application/xml' };
    case 5:
      return { payload: Buffer.alloc(1024 * 1024 + 10, 97), type: 'application/json' };
    case 6:
      return {
        payload:
          '--b\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--b--\r\n',
        type: 'multipart/form-data; boundary=b',
      };
    case 7:
      return { payload: '--b\r\ngarbage', type: 'multipart/form-data; boundary=b' };
    default:
      return { payload: 'null', type: 'application/json; charset=utf-16' };
  }
}

/** `count` requests over `routes`, the same ones for the same seed. */
export function fuzzRequests(
  routes: readonly RouteEntry[],
  ctx: FuzzContext,
  seed: number,
  count: number,
): FuzzRequest[] {
  const r = seededRandom(seed);
  const targets = routes.filter((route) => route.method !== 'HEAD');
  const out: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    // every route in turn, so that each gets its share
    const route = targets[i % targets.length]!;
    const method = r() < 0.75 ? route.method : METHODS[Math.floor(r() * METHODS.length)]!;
    const query: string[] = [];
    for (let n = Math.floor(r() * 5); n > 0; n--) {
      const name = PARAM_NAMES[Math.floor(r() * PARAM_NAMES.length)]!;
      const repeats = r() < 0.15 ? 2 : 1;
      for (let k = 0; k < repeats; k++) {
        query.push(`${encodeURIComponent(name)}=${encodeURIComponent(makeValue(r, ctx))}`);
      }
    }
    if (r() < 0.05) query.push('%zz=%', 'a=%E0%A4%A');
    const url = `${fillPattern(route.url, r, ctx)}${query.length ? `?${query.join('&')}` : ''}`;
    const headers: Record<string, string> = {};
    if (r() < 0.1) headers['x-pixiv-refresh-token'] = r() < 0.5 ? 'short' : 'A'.repeat(43);
    if (r() < 0.1) headers['x-pixiv-session'] = makeValue(r, ctx).replace(/[^\x20-\x7e]/g, '');
    if (r() < 0.1) headers['accept-language'] = makeValue(r, ctx).replace(/[^\x20-\x7e]/g, '');
    if (r() < 0.1) headers.range = ['bytes=0-', 'bytes=-1', 'bytes=9-1', 'lines=1'][i % 4]!;
    if (r() < 0.05) headers['cache-control'] = 'no-store';
    const withBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
    const b = withBody ? body(r) : {};
    if (b.type) headers['content-type'] = b.type;
    out.push({ method, url, headers, ...(b.payload !== undefined ? { payload: b.payload } : {}) });
  }
  return out;
}

export interface FuzzFinding {
  request: FuzzRequest;
  status: number;
  problem: string;
}

/** Why an answer breaks the rules, or null. */
export function problemOf(status: number, type: string, body: string): string | null {
  if (status >= 500) return `status ${status}`;
  if (status < 400) return null;
  return shapeProblem(type, body);
}

/** Why an error answer is not in the documented error shape, or null. */
export function shapeProblem(type: string, body: string): string | null {
  if (!type.includes('json')) return `error answer of type ${type || 'none'}`;
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    if (typeof parsed.detail === 'string' || typeof parsed.error === 'string') return null;
    // sketch's envelope, which /api/lives relays for the live screens
    if (Array.isArray(parsed.errors) && parsed.errors.length > 0) return null;
    return 'error body without detail or error';
  } catch {
    return 'error body that is not JSON';
  }
}

export interface FuzzRun {
  requests: number;
  byStatus: Record<string, number>;
  findings: FuzzFinding[];
  /** Heap after a GC, in MB: after the first fifth of the run and at its end. */
  heapEarlyMb: number;
  heapEndMb: number;
  ms: number;
}

/** Sends the requests through `inject`, `concurrency` at a time, and sorts the answers. */
export async function runFuzz(
  app: FastifyInstance,
  requests: readonly FuzzRequest[],
  options: { concurrency?: number; gc?: () => void } = {},
): Promise<FuzzRun> {
  const started = performance.now();
  const byStatus: Record<string, number> = {};
  const findings: FuzzFinding[] = [];
  const heap = () => {
    options.gc?.();
    return Math.round((process.memoryUsage().heapUsed / 1024 / 1024) * 10) / 10;
  };
  let heapEarlyMb = 0;
  const concurrency = options.concurrency ?? 8;
  const early = Math.floor(requests.length / 5);
  for (let i = 0; i < requests.length; i += concurrency) {
    if (i >= early && heapEarlyMb === 0) heapEarlyMb = heap();
    await Promise.all(
      requests.slice(i, i + concurrency).map(async (request) => {
        const res = await app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
        const type = String(res.headers['content-type'] ?? '');
        const problem =
          request.method === 'HEAD'
            ? res.statusCode >= 500
              ? `status ${res.statusCode}`
              : null
            : problemOf(res.statusCode, type, res.body);
        if (problem) findings.push({ request, status: res.statusCode, problem });
      }),
    );
  }
  return {
    requests: requests.length,
    byStatus,
    findings,
    heapEarlyMb,
    heapEndMb: heap(),
    ms: Math.round(performance.now() - started),
  };
}
