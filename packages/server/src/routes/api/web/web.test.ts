import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

describe('GET /api/web/discovery', () => {
  it('answers fresh discovery picks each call, safe by default, never cached', async () => {
    const a = await get('/api/web/discovery?limit=18');
    expect(a.statusCode).toBe(200);
    const body = a.json() as {
      body: { thumbnails: { illust: { id: string; xRestrict: number }[] } };
    };
    expect(body.body.thumbnails.illust).toHaveLength(18);
    expect(body.body.thumbnails.illust.every((t) => t.xRestrict === 0)).toBe(true);
    expect(a.headers['x-cache-hit']).toBeUndefined();
    const b = await get('/api/web/discovery?limit=18');
    expect(b.headers['x-cache-hit']).toBeUndefined();
    expect(b.body).not.toBe(a.body);
    expect((await get('/api/web/discovery?limit=101')).statusCode).toBe(422);
  });
});

describe('GET /api/web/ranking', () => {
  it('answers www ranking.php verbatim and caches it for the ranking lifetime', async () => {
    const url = '/api/web/ranking?mode=daily&content=illust&date=2026-11-19&p=1';
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const direct = await fetch(
      `${t.sandbox.hosts.www}/ranking.php?format=json&mode=daily&content=illust&date=20261119&p=1`,
    );
    expect(res.json()).toEqual(await direct.json());
    expect(res.headers['cache-control']).toBe('max-age=1209600');
    const again = await get(url);
    expect(again.headers['x-cache-hit']).toBe('true');
  });

  it('passes the out-of-range answer through and does not cache it', async () => {
    // the daily ugoira ranking fills one page of 50 (the overall one fills all ten)
    const res = await get('/api/web/ranking?mode=daily&content=ugoira&date=2026-11-19&p=10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: 'ランキング集計の範囲外です' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('validates its parameters with the 422 body', async () => {
    for (const qs of ['mode=hourly', 'content=novel', 'date=20261119', 'p=11', 'p=0']) {
      const res = await get(`/api/web/ranking?${qs}`);
      expect(res.statusCode, qs).toBe(422);
      expect(res.json()).toHaveProperty('validation');
    }
  });

  it('knows no other www path', async () => {
    for (const path of [
      '/api/web/ajax/illust/1',
      '/api/web/ranking.php',
      '/api/web/..%2f..%2fetc/passwd',
      '/api/web/https://evil.example/',
    ]) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });
});
