import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-helpers.ts';
import { MAX_URL_LENGTH } from '../app.ts';
import { authRateLimit } from './guards.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const RANK = '/api/pixiv/rank?mode=day&date=2026-11-19';

describe('per-IP rate limit on the mirror', () => {
  it('answers 429 in HibiAPI shape after the configured number of calls per minute', async () => {
    t = await startTestServer({ rateLimitPerMinute: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      codes.push((await t.app.inject({ url: RANK, remoteAddress: '10.0.0.1' })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200]);
    const limited = await t.app.inject({ url: RANK, remoteAddress: '10.0.0.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 429, detail: expect.stringContaining('3') });
    expect(limited.headers['retry-after']).toBeDefined();
    // another address has its own budget
    expect((await t.app.inject({ url: RANK, remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
  });

  it('does not count the SPA and image routes', async () => {
    t = await startTestServer({ rateLimitPerMinute: 1 });
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.app.inject({ url: '/rank/daily', remoteAddress: '10.0.0.3' })).statusCode,
      ).toBe(200);
    }
  });
});

describe('per-IP rate limit on the costly extras', () => {
  it('counts QR codes, translations and ugoira videos apart from the mirror', async () => {
    t = await startTestServer({ rateLimitPerMinute: 2 });
    const qr = '/api/qrcode?url=https%3A%2F%2Fwww.pixiv.net%2Fartworks%2F1';
    const call = (url: string) => t!.app.inject({ url, remoteAddress: '10.0.0.4' });
    expect((await call(qr)).statusCode).toBe(200);
    expect((await call('/api/ugoira/abc.mp4')).statusCode).not.toBe(429);
    const limited = await call('/api/pixiv-novel-translate/1.html?srv=gg');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 429 });
    // the mirror's budget is untouched
    expect((await call(RANK)).statusCode).toBe(200);
  });
});

describe('per-IP rate limits of every API group', () => {
  type Call = { method?: 'GET' | 'POST'; url: string; payload?: object };
  /** Each limited route, with the group whose budget it spends. */
  const ROUTES: [group: string, call: Call][] = [
    ['mirror', { url: RANK }],
    ['web', { url: '/api/web/illust_new?limit=1' }],
    ['web', { method: 'POST', url: '/api/web/follow_add', payload: { user_id: 1 } }],
    ['auth', { method: 'POST', url: '/api/auth/token', payload: { refresh_token: 'x' } }],
    ['auth', { method: 'POST', url: '/api/auth/session', payload: { session: 'x' } }],
    ['auth', { url: '/api/auth/login' }],
    ['auth', { url: '/api/auth/redirector/login?code_challenge=x' }],
    ['extras', { url: '/api/spotlights' }],
    ['extras', { url: '/api/spotlight/1' }],
    ['extras', { url: '/api/lives/1.json' }],
    ['extras', { url: '/api/lives/1/logs.json' }],
    ['extras', { url: '/api/pid-recover/1' }],
    ['extras', { url: '/api/notices' }],
    ['costly', { url: '/api/qrcode?url=https%3A%2F%2Fwww.pixiv.net%2F' }],
    ['costly', { url: '/api/pixiv-novel-translate/1.html?srv=gg' }],
    ['costly', { url: '/api/ugoira/1.mp4' }],
    ['costly', { method: 'POST', url: '/api/image-search' }],
  ];
  const PER_MINUTE = 3;
  const BUDGET: Record<string, number> = {
    mirror: PER_MINUTE,
    web: PER_MINUTE,
    extras: PER_MINUTE,
    costly: PER_MINUTE,
    auth: authRateLimit(PER_MINUTE),
  };

  it(`gives /api/auth a tenth of RATE_LIMIT_PER_MINUTE, at least 1, and 0 stays off`, () => {
    expect([authRateLimit(300), authRateLimit(20), authRateLimit(5), authRateLimit(0)]).toEqual([
      30, 2, 1, 0,
    ]);
  });

  it('answers 429 on every route of every group once its budget is spent', async () => {
    t = await startTestServer({ rateLimitPerMinute: PER_MINUTE });
    let n = 0;
    for (const [group, call] of ROUTES) {
      // a client of its own per route, so that each route is shown to spend a budget
      const remoteAddress = `10.1.0.${++n}`;
      const send = () =>
        t!.app.inject({
          method: call.method ?? 'GET',
          url: call.url,
          remoteAddress,
          ...(call.payload ? { payload: call.payload } : {}),
        });
      const budget = BUDGET[group]!;
      for (let i = 1; i <= budget; i++) {
        const res = await send();
        expect(res.statusCode, `${call.url} #${i}`).not.toBe(429);
        expect(
          [res.headers['x-ratelimit-limit'], res.headers['x-ratelimit-remaining']],
          `${call.url} #${i}`,
        ).toEqual([String(budget), String(budget - i)]);
      }
      const limited = await send();
      expect(limited.statusCode, call.url).toBe(429);
      expect(limited.json(), call.url).toMatchObject({
        code: 429,
        detail: `Rate limit exceeded: ${budget} requests per minute`,
        headers: {},
      });
    }
  });

  it('keeps one budget per group: spending one leaves the others whole', async () => {
    t = await startTestServer({ rateLimitPerMinute: PER_MINUTE });
    const remoteAddress = '10.2.0.1';
    const first = new Map<string, Call>();
    for (const [group, call] of ROUTES) if (!first.has(group)) first.set(group, call);
    const send = (call: Call) =>
      t!.app.inject({
        method: call.method ?? 'GET',
        url: call.url,
        remoteAddress,
        ...(call.payload ? { payload: call.payload } : {}),
      });
    for (const [group, call] of first) {
      // every other group's budget is untouched by the ones spent before it
      const res = await send(call);
      expect(res.headers['x-ratelimit-remaining'], group).toBe(String(BUDGET[group]! - 1));
      for (let i = 1; i < BUDGET[group]!; i++) await send(call);
      expect((await send(call)).statusCode, group).toBe(429);
    }
  });

  it('leaves media (images, live video segments), the SPA and /api/config out', async () => {
    t = await startTestServer({ rateLimitPerMinute: 1 });
    for (const url of [
      '/api/config',
      '/api/sketch/hls/1/index.m3u8',
      '/s/common/images/no_profile.png',
      '/rank/daily',
    ]) {
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ url, remoteAddress: '10.3.0.1' });
        expect(res.statusCode, url).not.toBe(429);
        expect(res.headers['x-ratelimit-limit'], url).toBeUndefined();
      }
    }
  });

  it('turns every limit off with 0', async () => {
    t = await startTestServer({ rateLimitPerMinute: 0 });
    for (const [, call] of ROUTES) {
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({
          method: call.method ?? 'GET',
          url: call.url,
          remoteAddress: '10.4.0.1',
          ...(call.payload ? { payload: call.payload } : {}),
        });
        expect(res.statusCode, call.url).not.toBe(429);
        expect(res.headers['x-ratelimit-limit'], call.url).toBeUndefined();
      }
    }
  });
});

describe('CORS for third-party mirror clients', () => {
  it('sends no CORS headers unless origins are configured', async () => {
    t = await startTestServer();
    const res = await t.app.inject({ url: RANK, headers: { origin: 'https://other.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the configured origins', async () => {
    t = await startTestServer({ corsOrigins: ['https://client.example'] });
    const ok = await t.app.inject({ url: RANK, headers: { origin: 'https://client.example' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://client.example');
    expect(String(ok.headers['access-control-expose-headers'])).toContain('x-cache-hit');
    const other = await t.app.inject({ url: RANK, headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: RANK,
      headers: { origin: 'https://client.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
  });

  it('allows any origin with *', async () => {
    t = await startTestServer({ corsOrigins: ['*'] });
    const res = await t.app.inject({ url: RANK, headers: { origin: 'https://any.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('request limits and ids', () => {
  it(`refuses URLs longer than ${MAX_URL_LENGTH} characters with 414`, async () => {
    t = await startTestServer();
    const long = `/api/pixiv/search?word=${'a'.repeat(MAX_URL_LENGTH)}`;
    const res = await t.app.inject({ url: long });
    expect(res.statusCode).toBe(414);
    const justUnder = `/api/pixiv/search?word=${'a'.repeat(MAX_URL_LENGTH - 40)}`;
    expect((await t.app.inject({ url: justUnder })).statusCode).not.toBe(414);
  });

  it('gives every answer a unique x-request-id that also appears in the log', async () => {
    t = await startTestServer();
    const a = await t.app.inject({ url: RANK });
    const b = await t.app.inject({ url: RANK });
    const idA = String(a.headers['x-request-id']);
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).not.toBe(idA);
    expect(t.logs()).toContain(idA);
  });
});
