import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('the legacy HibiAPI form /api/pixiv/?type=<route>', () => {
  it('answers like /api/pixiv/<route>', async () => {
    const legacy = await t.app.inject({ url: '/api/pixiv/?type=rank&mode=day&date=2026-11-19' });
    const modern = await t.app.inject({ url: '/api/pixiv/rank?mode=day&date=2026-11-19' });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.body).toBe(modern.body);
    const bad = await t.app.inject({ url: '/api/pixiv/?type=illust&id=abc' });
    expect(bad.statusCode).toBe(422);
  });

  it('answers 404 for an unknown or missing type', async () => {
    for (const url of ['/api/pixiv/?type=nope', '/api/pixiv/?type=toString', '/api/pixiv/']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
