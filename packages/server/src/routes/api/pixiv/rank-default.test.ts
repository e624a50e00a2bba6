import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';

/** An undated ranking is never empty, whatever the hour in Japan (issue 17). */
describe('the undated ranking', () => {
  let t: TestServer | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  for (const at of ['2026-11-21T00:30:00+09:00', '2026-11-21T15:00:00+09:00']) {
    it(`answers the latest published day at ${at.slice(11, 16)} JST`, async () => {
      const now = Date.parse(at);
      // the server and the sandbox read the same clock, as they do against pixiv
      vi.useFakeTimers({ toFake: ['Date'], now });
      t = await startTestServer({ sandboxNow: now });
      for (const [url, list] of [
        ['/api/pixiv/rank?mode=day', 'illusts'],
        ['/api/pixiv/rank', 'illusts'],
        ['/api/pixiv/rank_novel?mode=day', 'novels'],
        ['/api/pixiv/rank_novel', 'novels'],
      ] as const) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect((res.json() as Record<string, unknown[]>)[list]?.length, url).toBeGreaterThan(0);
      }
    });
  }
});
