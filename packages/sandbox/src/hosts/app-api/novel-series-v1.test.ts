import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../../app.ts';
import { TEST_NOW, demoAccessToken } from '../../test-helpers.ts';

const { app, state } = buildSandboxApp({ now: TEST_NOW, illustCount: 5_000, userCount: 400 });
let token = '';
beforeAll(async () => {
  await app.ready();
  token = await demoAccessToken(app, 0);
});
afterAll(() => app.close());

const call = (path: string) =>
  app.inject({ url: `/app-api.pixiv.net${path}`, headers: { authorization: `Bearer ${token}` } });
type Body = Record<string, unknown> & { novels: { id: number }[]; next_url: string | null };

describe('/v1/novel/series', () => {
  it('answers the body of /v2/novel/series, paged by offset', async () => {
    const series = [...state.novels.series].sort((a, b) => b.novels.length - a.novels.length)[0]!;
    const v1 = (await call(`/v1/novel/series?series_id=${series.id}`)).json() as Body;
    const v2 = (await call(`/v2/novel/series?series_id=${series.id}`)).json() as Body;
    const { next_url: _v1, ...v1Rest } = v1;
    const { next_url: _v2, ...v2Rest } = v2;
    expect(v1Rest).toEqual(v2Rest);
    expect(v1.novels.map((n) => n.id)).toEqual(
      series.novels.slice(0, 30).map((i) => state.novels.ids[i]),
    );
    if (series.novels.length > 30) {
      expect(v1.next_url).toBe(
        `https://app-api.pixiv.net/v1/novel/series?series_id=${series.id}&offset=30`,
      );
    } else {
      expect(v1.next_url).toBeNull();
    }
    const past = (await call(`/v1/novel/series?series_id=${series.id}&offset=300`)).json() as Body;
    expect(past.novels).toEqual([]);
    expect(past.next_url).toBeNull();
    expect(past.novel_series_detail).toEqual(v1.novel_series_detail);
  });

  it('pages: offset 1 starts at the second novel', async () => {
    const series = state.novels.series.find((s) => s.novels.length >= 3)!;
    const page = (await call(`/v1/novel/series?series_id=${series.id}&offset=1`)).json() as Body;
    expect(page.novels[0]!.id).toBe(state.novels.ids[series.novels[1]!]);
  });

  it('answers pixiv’s 404 for an unknown series and 400 for a bad offset', async () => {
    expect((await call('/v1/novel/series?series_id=1')).statusCode).toBe(404);
    const series = state.novels.series[0]!;
    expect((await call(`/v1/novel/series?series_id=${series.id}&offset=z`)).statusCode).toBe(400);
  });
});
