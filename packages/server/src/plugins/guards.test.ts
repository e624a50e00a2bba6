import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-helpers.ts';
import { MAX_URL_LENGTH } from '../app.ts';

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
