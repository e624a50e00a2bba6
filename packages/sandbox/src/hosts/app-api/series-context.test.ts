/**
 * `/v1/illust-series/illust` (pixiv-upstream.md §1.2): a work's place in its series, with the
 * series detail of `/v1/illust/series` and the neighbouring episodes as illust objects.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../../conformance/harness.ts';
import { shapeDifferences } from '../../conformance/shape.ts';
import { illustSeries, illustSeriesOf, type IllustSeries } from '../../data/series.ts';
import { demoAccessToken, testSandbox } from '../../test-helpers.ts';

const { app, state } = testSandbox();
let token = '';
beforeAll(async () => {
  token = await demoAccessToken(app, 0);
});

interface Illust {
  id: number;
  series: { id: number; title: string } | null;
}
interface Context {
  illust_series_detail: { id: number; series_work_count: number };
  illust_series_context: { content_order: number; prev: Illust | null; next: Illust | null };
}

const get = (path: string, language = 'ja') =>
  app.inject({
    url: `/app-api.pixiv.net${path}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });

/** The longest series of the dataset (at least three episodes, so it has a middle). */
function longSeries(): IllustSeries {
  const worksOf = (u: number) => state.indexes.worksOf(u);
  let best: IllustSeries | undefined;
  for (let i = 0; i < state.data.illustCount; i++) {
    const ref = illustSeriesOf(state.data.work(i));
    if (!ref || best?.id === ref.id) continue;
    const series = illustSeries(state.data, worksOf, ref.id)!;
    if (!best || series.works.length > best.works.length) best = series;
  }
  if (!best || best.works.length < 3) throw new Error('no series of three episodes');
  return best;
}

describe('GET /v1/illust-series/illust', () => {
  it('places each episode in its series: content_order from 1, prev and next, null at the ends', async () => {
    const series = longSeries();
    const ids = series.works.map((i) => state.data.ids[i]!);
    const { illust_series_detail: expected } = (
      await get(`/v1/illust/series?illust_series_id=${series.id}`)
    ).json() as Context;
    for (const k of [0, 1, ids.length - 1]) {
      const res = await get(`/v1/illust-series/illust?illust_id=${ids[k]}&filter=for_ios`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as Context;
      expect(Object.keys(body)).toEqual(['illust_series_detail', 'illust_series_context']);
      expect(body.illust_series_detail).toEqual(expected);
      const context = body.illust_series_context;
      expect(context.content_order).toBe(k + 1);
      expect(context.prev?.id ?? null).toBe(k > 0 ? ids[k - 1] : null);
      expect(context.next?.id ?? null).toBe(k < ids.length - 1 ? ids[k + 1] : null);
      for (const neighbour of [context.prev, context.next]) {
        if (neighbour) expect(neighbour.series).toEqual({ id: series.id, title: series.title });
      }
    }
  });

  it('gives the neighbours the shape of an illust in the real /v1/illust/detail capture', async () => {
    const series = longSeries();
    const id = state.data.ids[series.works[1]!]!;
    const body = (await get(`/v1/illust-series/illust?illust_id=${id}`)).json() as Context;
    const capture = readFixture('v1_illust_detail__upbit_pixivpy__illust_detail.json') as {
      illust: Record<string, unknown>;
    };
    // The capture is a single-page work; episodes are multi-page manga, whose
    // meta_single_page is {} (pixiv-upstream.md §1.0).
    const single = { ...capture.illust, meta_single_page: {} };
    const prev = body.illust_series_context.prev;
    // `series` is null or {id, title} (pixiv-upstream.md §1.0); an episode has its series.
    expect(shapeDifferences(single, prev, { nullOr: { '$.series': ['object'] } })).toEqual([]);
    expect(prev).toMatchObject({ total_comments: expect.any(Number) as number });
  });

  it('answers 404: the series message for a work outside any series, the artwork one for an unknown id', async () => {
    let loose = 0;
    for (let i = 0; i < state.data.illustCount && !loose; i++) {
      if (!illustSeriesOf(state.data.work(i))) loose = state.data.ids[i]!;
    }
    const outside = await get(`/v1/illust-series/illust?illust_id=${loose}`, 'en');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({
      error: {
        user_message: 'The series does not exist.',
        message: '',
        reason: '',
        user_message_details: {},
      },
    });
    const unknown = await get('/v1/illust-series/illust?illust_id=1');
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as { error: { user_message: string } }).error.user_message).toBe(
      '該当作品は削除されたか、存在しない作品IDです。',
    );
    expect((await get('/v1/illust-series/illust')).statusCode).toBe(404);
  });
});
