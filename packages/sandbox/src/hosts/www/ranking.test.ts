import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../../app.ts';
import { TEST_NOW } from '../../test-helpers.ts';
import { OUT_OF_RANGE, WEB_RANKING_PAGE } from './ranking.ts';

const { app, state } = buildSandboxApp({ now: TEST_NOW });
beforeAll(() => app.ready());
afterAll(() => app.close());

const get = (qs: string) => app.inject({ url: `/www.pixiv.net/ranking.php?format=json&${qs}` });

interface WebRanking {
  contents: {
    illust_id: number;
    rank: number;
    illust_type: string;
    illust_page_count: string;
    url: string;
  }[];
  mode: string;
  content: string;
  page: number;
  prev: number | false;
  next: number | false;
  date: string;
  prev_date: string | false;
  next_date: string | false;
  rank_total: number;
}

describe('www ranking.php', () => {
  it('answers 50 ranked works per page, no envelope, in the app ranking order', async () => {
    const res = await get('mode=daily&date=20261119');
    expect(res.statusCode).toBe(200);
    const body = res.json() as WebRanking;
    expect(body.contents).toHaveLength(WEB_RANKING_PAGE);
    expect(body).toMatchObject({ mode: 'daily', content: 'all', page: 1, prev: false, next: 2 });
    expect(body.date).toBe('20261119');
    expect(body.next_date).toBe(false); // 2026-11-19 is the latest published day at TEST_NOW
    expect(body.prev_date).toBe('20261118');
    expect(body.rank_total).toBe(state.rankings.indexes('day', '2026-11-19').length);
    expect(body.rank_total).toBeGreaterThan(100);
    expect(body.rank_total).toBeLessThanOrEqual(500);
    expect(body.contents.map((c) => c.rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const app = Array.from(
      state.rankings.indexes('day', '2026-11-19').subarray(0, 50),
      (i) => state.data.work(i).id,
    );
    expect(body.contents.map((c) => c.illust_id)).toEqual(app);
    expect(typeof body.contents[0]!.illust_type).toBe('string');
    expect(body.contents[0]!.url).toMatch(/^https:\/\/i\.pximg\.net\/c\/240x480\/img-master\//);
  });

  it('pages up to the total and answers 404 past the end', async () => {
    const total = state.rankings.indexes('day', '2026-11-19').length;
    const pages = Math.ceil(total / WEB_RANKING_PAGE);
    const last = (await get(`mode=daily&date=20261119&p=${pages}`)).json() as WebRanking;
    expect(last.next).toBe(false);
    expect(last.contents.at(-1)!.rank).toBe(total);
    const past = await get(`mode=daily&date=20261119&p=${pages + 1}`);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ error: OUT_OF_RANGE });
    expect((await get('mode=daily&date=20261120')).statusCode).toBe(404);
    expect((await get('mode=daily&date=20070912')).statusCode).toBe(404);
  });

  it('narrows by content: ugoira only ugoira, manga from the manga ranking', async () => {
    const ugoira = (await get('mode=daily&content=ugoira&date=20261119')).json() as WebRanking;
    expect(ugoira.contents.length).toBeGreaterThan(0);
    expect(ugoira.contents.every((c) => c.illust_type === '2')).toBe(true);
    const manga = (await get('mode=daily&content=manga&date=20261119')).json() as WebRanking;
    expect(manga.contents.every((c) => c.illust_type === '1')).toBe(true);
    const illust = (await get('mode=weekly&content=illust&date=20261119')).json() as WebRanking;
    expect(illust.contents.every((c) => c.illust_type === '0')).toBe(true);
    expect((await get('mode=monthly&content=ugoira')).statusCode).toBe(400);
  });
});
