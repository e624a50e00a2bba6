/**
 * The cache-hit path in front of Fastify (fast-hits.ts), over a real socket (Fastify's `inject`
 * never reaches it): the same bytes and headers as Fastify's own answer, the same rate-limit
 * budget and the same log line, and Fastify for every call it must not take.
 */
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { startTestServer, type TestServer } from '../test-helpers.ts';
import { MemoryCacheStore } from '../plugins/cache.ts';
import {
  FastHits,
  headerLines,
  HitLine,
  HitResponse,
  processTime,
  responseTimeText,
} from './fast-hits.ts';
import { requestSerializer } from './log.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function listening(overrides: Parameters<typeof startTestServer>[0] = {}) {
  t = await startTestServer(overrides);
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

// a ranking page: over COMPRESS_MIN_BYTES, so each encoding has a stored form
const RANK = '/api/pixiv/rank?mode=day&date=2026-11-19';
/** Headers that differ between any two answers. */
const PER_ANSWER = ['date', 'x-request-id', 'x-process-time', 'x-ratelimit-remaining'];
/** Set by the socket, not the server (inject makes up its own); and a lifetime that ticks. */
const NOT_COMPARED = [...PER_ANSWER, 'connection', 'keep-alive', 'cache-control'];

function steady(headers: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !NOT_COMPARED.includes(k)));
}

describe('the cache-hit path in front of Fastify', () => {
  it('answers a repeated call with the bytes and headers of Fastify’s hit, in each encoding', async () => {
    const base = await listening({ rateLimitPerMinute: 100 });
    const ja = { 'accept-language': 'ja' };
    await get(base, RANK, ja); // a miss
    await get(base, RANK, ja); // a hit: Fastify answers it and remembers the URL
    expect(t!.app.fastHits.answered).toBe(0);
    for (const encoding of ['identity', 'br', 'gzip']) {
      const headers = { ...ja, 'accept-encoding': encoding };
      const answered = t!.app.fastHits.answered;
      const fast = await get(base, RANK, headers);
      expect(t!.app.fastHits.answered, encoding).toBe(answered + 1);
      // `inject` goes to Fastify itself, never through this path
      const byFastify = await t!.app.inject({ url: RANK, headers });
      expect(fast.status).toBe(200);
      expect(fast.body.equals(byFastify.rawPayload), encoding).toBe(true);
      // the socket's own (connection, keep-alive) are not the server's doing
      expect(steady(fast.headers), encoding).toEqual(steady(byFastify.headers));
      expect(fast.headers['cache-control']).toMatch(/^max-age=\d+$/);
      expect(fast.headers['x-cache-hit']).toBe('true');
      expect(fast.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(fast.headers['x-request-id']).not.toBe(byFastify.headers['x-request-id']);
      expect(Number(byFastify.headers['x-ratelimit-remaining'])).toBe(
        Number(fast.headers['x-ratelimit-remaining']) - 1,
      );
    }
    // each language its own entry: a call in another language is not answered from Japanese
    const answered = t!.app.fastHits.answered;
    const en = await get(base, RANK, { 'accept-language': 'en' });
    expect(en.status).toBe(200);
    expect(t!.app.fastHits.answered).toBe(answered);
  });

  it('leaves to Fastify a HEAD, a user’s token, a cross-site call and a reload', async () => {
    const base = await listening();
    await get(base, RANK);
    await get(base, RANK);
    const answered = t!.app.fastHits.answered;
    const others: [string, Record<string, string>][] = [
      ['HEAD', {}],
      ['GET', { 'x-pixiv-refresh-token': 'sbxDemoRefreshToken000000000000000000000002' }],
      ['GET', { origin: 'https://elsewhere.example' }],
      ['GET', { 'cache-control': 'no-cache' }],
      ['GET', { pragma: 'no-cache' }],
    ];
    for (const [method, headers] of others) {
      const res = await get(base, RANK, headers, method);
      expect(res.status, JSON.stringify(headers)).toBeLessThan(500);
      expect(res.headers['x-request-id']).toBeDefined();
    }
    expect(t!.app.fastHits.answered).toBe(answered);
    // and a plain call again is answered here
    await get(base, RANK);
    expect(t!.app.fastHits.answered).toBe(answered + 1);
  });

  it('spends the mirror’s per-client budget with Fastify’s path, forwarded clients apart', async () => {
    const base = await listening({ rateLimitPerMinute: 4, trustProxy: ['127.0.0.1'] });
    const from = (client: string) => get(base, RANK, { 'x-forwarded-for': client });
    const a = [];
    for (let i = 0; i < 5; i++) a.push(await from('203.0.113.1'));
    expect(a.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
    expect(a.slice(0, 4).map((r) => r.headers['x-ratelimit-remaining'])).toEqual([
      '3',
      '2',
      '1',
      '0',
    ]);
    // calls 3 and 4 were answered here, the fifth by Fastify's 429 in HibiAPI's shape
    expect(t!.app.fastHits.answered).toBe(2);
    expect(JSON.parse(a[4]!.body.toString())).toMatchObject({ code: 429 });
    // another forwarded client has a budget of its own, on this path too
    expect((await from('203.0.113.2')).status).toBe(200);
    expect(t!.app.fastHits.answered).toBe(3);
  });

  it('logs one request line per answer, as Fastify does', async () => {
    const base = await listening();
    await get(base, RANK);
    await get(base, RANK);
    const fast = await get(base, RANK);
    const line = t!
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.reqId === fast.headers['x-request-id']);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: RANK, remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(typeof line!.responseTime).toBe('number');
    // Fastify's own line for the hit before it: the same keys in the same order
    const lines = t!.logs().split('\n').filter(Boolean);
    const fastifyHit = JSON.parse(lines.at(-2)!) as Record<string, unknown>;
    expect(fastifyHit.reqId).not.toBe(line!.reqId);
    expect(Object.keys(line!)).toEqual(Object.keys(fastifyHit));
    expect(Object.keys(line!.req as object)).toEqual(Object.keys(fastifyHit.req as object));
  });

  it('asks Fastify again once the entry is gone from the cache', async () => {
    // a byte bound that keeps one ranking page (about 100 KB of JSON, its manga carrying their
    // pages, with its compressed forms), not two
    const base = await listening({ cacheMaxBytes: 450_000 });
    await get(base, RANK);
    await get(base, RANK);
    await get(base, RANK);
    expect(t!.app.fastHits.answered).toBe(1);
    await get(base, '/api/pixiv/rank?mode=week&date=2026-11-19');
    const again = await get(base, RANK);
    expect(again.status).toBe(200);
    expect(again.headers['x-cache-hit']).toBeUndefined();
    expect(t!.app.fastHits.answered).toBe(1);
  });

  it('never takes a query whose arguments come from the clock (an undated ranking)', async () => {
    // the server's clock picks the day: the sandbox's must have published it
    const base = await listening({ sandboxNow: Date.now() });
    // which day an undated ranking means changes when pixiv publishes the next one: Fastify's
    // path works it out on every call
    for (let i = 0; i < 3; i++) {
      expect((await get(base, '/api/pixiv/rank?mode=day')).headers['x-cache-hit']).toBe(
        i ? 'true' : undefined,
      );
    }
    expect(t!.app.fastHits.answered).toBe(0);
  });

  it('answers odd but valid requests of a remembered URL as Fastify would', async () => {
    const base = await listening({ rateLimitPerMinute: 100 });
    await get(base, RANK);
    await get(base, RANK);
    const plain = await get(base, RANK);
    expect(t!.app.fastHits.answered).toBe(1);
    const odd: Record<string, string>[] = [
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': '*' },
      { 'accept-encoding': 'x'.repeat(2000) },
      { 'accept-language': `${'x'.repeat(3000)}, ja` },
      { 'accept-language': '' },
      { 'x-forwarded-for': '203.0.113.7, 127.0.0.1' },
      { host: 'evil.example' },
    ];
    for (const headers of odd) {
      const res = await get(base, RANK, headers);
      const label = JSON.stringify(headers).slice(0, 60);
      expect(res.status, label).toBe(200);
      const identity = !res.headers['content-encoding'];
      if (identity) expect(res.body.equals(plain.body), label).toBe(true);
      else expect(['br', 'gzip'], label).toContain(res.headers['content-encoding']);
    }
    // a query that differs in any byte is another URL: Fastify validates it
    const answered = t!.app.fastHits.answered;
    for (const url of [`${RANK}&`, `${RANK}&date=x`, RANK.replace('day', 'DAY')]) {
      expect((await get(base, url)).status, url).toBeLessThan(500);
    }
    expect(t!.app.fastHits.answered).toBe(answered);
  });

  it('writes a head as node does: each header once, the connection kept for the next call', async () => {
    // node's own step this path hands its lines to: a node without it is a slower path (say so)
    expect(HitResponse.supported).toBe(true);
    const base = await listening({ rateLimitPerMinute: 100 });
    const ja = { 'accept-language': 'ja', 'accept-encoding': 'gzip' };
    await get(base, RANK, ja);
    await get(base, RANK, ja);
    const answered = t!.app.fastHits.answered;
    const { port } = new URL(base);
    const ask = `GET ${RANK} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept-language: ja\r\naccept-encoding: gzip\r\n\r\n`;
    // two calls on one connection: the second is answered only if the first kept it alive
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('error', reject);
      socket.on('data', (c: Buffer) => {
        chunks.push(c);
        // done once the second answer's body is in
        const got = Buffer.concat(chunks).toString('latin1');
        const second = got.indexOf('HTTP/1.1', 1);
        const bodyAt = got.indexOf('\r\n\r\n', second) + 4;
        const length = /content-length: (\d+)/i.exec(got.slice(second));
        if (second > 0 && bodyAt > 3 && length && got.length >= bodyAt + Number(length[1])) {
          socket.end();
          resolve(Buffer.concat(chunks));
        }
      });
      socket.write(ask + ask);
    });
    expect(t!.app.fastHits.answered).toBe(answered + 2);
    const byFastify = await t!.app.inject({ url: RANK, headers: ja });
    const text = raw.toString('latin1');
    let at = 0;
    for (let n = 0; n < 2; n++) {
      const end = text.indexOf('\r\n\r\n', at);
      const [status, ...lines] = text.slice(at, end).split('\r\n');
      expect(status).toBe('HTTP/1.1 200 OK');
      const names = lines.map((l) => l.slice(0, l.indexOf(':')).toLowerCase());
      // each once; node's own four among them
      expect(new Set(names).size, lines.join('\n')).toBe(names.length);
      for (const own of ['date', 'connection', 'keep-alive', 'content-length'])
        expect(names, own).toContain(own);
      const head = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 2)]),
      );
      expect(head.connection).toBe('keep-alive');
      expect(steady(head)).toEqual(steady(byFastify.headers));
      const length = Number(head['content-length']);
      expect(raw.subarray(end + 4, end + 4 + length).equals(byFastify.rawPayload)).toBe(true);
      at = end + 4 + length;
    }
    expect(at).toBe(raw.length);
  });

  it('gives the same head through a plain ServerResponse (a node without HitResponse’s step)', async () => {
    const base = await listening({ rateLimitPerMinute: 100 });
    await get(base, RANK);
    await get(base, RANK);
    const viaHitResponse = await get(base, RANK);
    const plain = createServer((req, res) => {
      if (!t!.app.fastHits.answer(req, res)) res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = plain.address() as { port: number };
      const viaPlain = await get(`http://127.0.0.1:${port}`, RANK);
      expect(viaPlain.status).toBe(200);
      expect(viaPlain.body.equals(viaHitResponse.body)).toBe(true);
      expect(steady(viaPlain.headers)).toEqual(steady(viaHitResponse.headers));
      expect(Object.keys(viaPlain.headers).sort()).toEqual(
        Object.keys(viaHitResponse.headers).sort(),
      );
    } finally {
      await new Promise((resolve) => plain.close(resolve));
    }
  });

  it('is off with CORS (its headers depend on the caller)', async () => {
    const base = await listening({ corsOrigins: ['https://reader.example'] });
    for (let i = 0; i < 3; i++) expect((await get(base, RANK)).status).toBe(200);
    expect(t!.app.fastHits.answered).toBe(0);
  });
});

it('remembers URLs within a byte bound, as long as they may be', () => {
  const hits = new FastHits({ maxUrlLength: 4096 });
  hits.enable({
    store: new MemoryCacheStore({ maxEntries: 10 }),
    rateLimit: undefined,
    log: pino({ level: 'silent' }),
  });
  const long = 'w'.repeat(4000);
  for (let i = 0; i < 3000; i++) {
    const url = `/api/pixiv/search?word=${long}${i}`;
    hits.remember(url, 'ja', { key: `pixiv:search:ja:server:${url}`, ttl: 60, contentType: 'x' });
  }
  // about 24 KB each (the URL, its cache key and its log form): 3,000 would take about 72 MB
  expect(hits.size.bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
  expect(hits.size.entries).toBeLessThan(400);
  expect(hits.size.entries).toBeGreaterThan(300);
});

it('checks the header lines it makes as setHeader does', () => {
  expect(headerLines(['content-type', 'application/json', 'x-n', 3])).toBe(
    'content-type: application/json\r\nx-n: 3\r\n',
  );
  expect(() => headerLines(['x-a', 'ok\r\nset-cookie: a=b'])).toThrow();
  expect(() => headerLines(['x a', 'ok'])).toThrow();
});

describe('the hit’s request line', () => {
  /** A logger as app.ts makes it, with a clock that stands still, writing into `out`. */
  function logger(level: string, out: string[], options: pino.LoggerOptions = {}) {
    return pino(
      {
        level,
        serializers: { req: requestSerializer(level) as never },
        timestamp: () => ',"time":1796298111943',
        ...options,
      },
      { write: (line: string) => out.push(line) },
    );
  }
  const URLS = [
    '/api/pixiv/illust?id=179755528',
    '/api/pixiv/search?word=%E7%8C%AB%22%3C/script%3E&refresh_token=SECRET',
    '/api/pixiv/search?word="\u2028\\',
  ];

  it('is byte for byte the line pino writes for the same hit', () => {
    // one HitLine for every line, as a server has: what it keeps of the last host and address
    // must follow each change
    const viaLine: string[] = [];
    const line = HitLine.of(logger('info', viaLine))!;
    for (const url of URLS) {
      for (const host of ['127.0.0.1:8080', 'evil"\n{host', undefined]) {
        for (const ip of ['::1', '127.0.0.1', '::1']) {
          const viaPino: string[] = [];
          logger('info', viaPino).info(
            {
              reqId: 'id-1',
              req: { method: 'GET', url, host, ip, socket: { remotePort: 4242 }, headers: {} },
              res: { statusCode: 200 },
              responseTime: 0.07,
            },
            'request completed',
          );
          viaLine.length = 0;
          expect(
            line.write('id-1', HitLine.urlJson(url), host, ip, HitLine.portPart(4242), 0.07),
          ).toBe(true);
          expect(viaLine, `${url} ${host} ${ip}`).toEqual(viaPino);
          expect(viaLine[0]).not.toContain('SECRET');
        }
      }
    }
  });

  it('with pino’s own clock, writes pino’s time and response time to the millisecond', () => {
    // pino's default clock (epochTime), which the line keeps as text for a millisecond; a socket
    // that knows no port; response times whose hundredths the line takes from its table, and
    // beyond it
    const clock = vi.spyOn(Date, 'now');
    try {
      const viaLine: string[] = [];
      const line = HitLine.of(
        logger('info', viaLine, { timestamp: pino.stdTimeFunctions.epochTime }),
      )!;
      const url = URLS[0]!;
      for (const [now, ms] of [
        [1796298111943, 0],
        [1796298111943, 0.004999],
        [1796298111943, 0.005],
        [1796298111944, 0.07],
        [1796298111944, 1.2345],
        [1796298112000, 9.995],
        [1796298112001, 10.004],
        [1796298112001, 123.456],
      ] as const) {
        clock.mockReturnValue(now);
        const viaPino: string[] = [];
        logger('info', viaPino, { timestamp: pino.stdTimeFunctions.epochTime }).info(
          {
            reqId: 'id-2',
            req: { method: 'GET', url, host: 'h', ip: '::1', socket: {}, headers: {} },
            res: { statusCode: 200 },
            responseTime: Math.round(ms * 100) / 100,
          },
          'request completed',
        );
        viaLine.length = 0;
        line.write('id-2', HitLine.urlJson(url), 'h', '::1', HitLine.portPart(undefined), ms);
        expect(viaLine, `${now} ${ms}`).toEqual(viaPino);
        expect(viaLine[0]).toContain(`"time":${now},`);
      }
    } finally {
      clock.mockRestore();
    }
  });

  it('is left to pino where the logger would write another line, and dropped above info', () => {
    const out: string[] = [];
    expect(HitLine.of(logger('info', out, { mixin: () => ({ a: 1 }) }))).toBeUndefined();
    expect(HitLine.of(logger('info', out, { messageKey: 'message' }))).toBeUndefined();
    expect(HitLine.of(logger('info', out, { formatters: { log: (o) => o } }))).toBeUndefined();
    expect(HitLine.of(logger('info', out, { hooks: { logMethod: () => {} } }))).toBeUndefined();
    // debug's request lines carry the headers: pino writes them
    expect(
      HitLine.of(logger('debug', out))!.write('id', HitLine.urlJson(URLS[0]!), 'h', '::1', '', 1),
    ).toBe(false);
    expect(
      HitLine.of(logger('warn', out))!.write('id', HitLine.urlJson(URLS[0]!), 'h', '::1', '', 1),
    ).toBe(true);
    expect(out).toEqual([]);
  });
});

describe('the numbers a hit writes as text', () => {
  /** Milliseconds across the short cut's edges: whole steps, and the doubles beside them. */
  function samples(): number[] {
    const out: number[] = [];
    for (let i = 0; i <= 20_000; i++) out.push(i / 1000, i / 100, i * 0.007);
    for (const edge of [0.0499, 0.05, 0.005, 0.015, 9.995, 10, 1.005])
      for (let k = -3; k <= 3; k++) out.push(edge + k * Number.EPSILON * 8);
    return out;
  }

  it('gives X-Process-Time as toFixed(4) of the seconds does', () => {
    for (const ms of samples()) expect(processTime(ms), String(ms)).toBe((ms / 1000).toFixed(4));
  });

  it('gives responseTime as the rounded number pino writes', () => {
    for (const ms of samples())
      expect(responseTimeText(ms), String(ms)).toBe(String(Math.round(ms * 100) / 100));
  });
});
