import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccessToken, testSandbox } from '../../test-helpers.ts';

const { app, state } = testSandbox();
let token = '';
beforeAll(async () => {
  token = await demoAccessToken(app, 0);
});

interface Illust {
  id: number;
  type: string;
  create_date: string;
  user: { id: number };
  series: { id: number; title: string } | null;
}
interface SeriesDetail {
  id: number;
  title: string;
  caption: string;
  cover_image_urls: { medium: string };
  series_work_count: number;
  create_date: string;
  user: { id: number };
  watchlist_added: boolean;
}
const get = async <T>(path: string) =>
  (
    await app.inject({
      url: `/app-api.pixiv.net${path.replace('https://app-api.pixiv.net', '')}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).json() as T;

let scan: ReturnType<typeof scanMembers> | undefined;
const seriesMembers = () => (scan ??= scanMembers());

/** Every work's `series`, as the detail endpoint gives it. */
async function scanMembers() {
  const members = new Map<number, Illust[]>();
  let manga = 0;
  for (let i = 0; i < state.data.illustCount; i++) {
    if (state.data.kind[i] !== 1) {
      expect(state.data.work(i).kind).not.toBe('manga');
      continue;
    }
    manga++;
    const { illust } = await get<{ illust: Illust }>(
      `/v1/illust/detail?illust_id=${state.data.ids[i]}`,
    );
    if (!illust.series) continue;
    const list = members.get(illust.series.id) ?? [];
    list.push(illust);
    members.set(illust.series.id, list);
  }
  return { members, manga };
}

describe('illust series', () => {
  it('puts a share of the manga in series, and each series lists exactly its works, newest first', async () => {
    const { members, manga } = await seriesMembers();
    const inSeries = [...members.values()].reduce((n, l) => n + l.length, 0);
    expect(inSeries / manga).toBeGreaterThan(0.25);
    expect(inSeries / manga).toBeLessThan(0.75);
    let checked = 0;
    for (const [id, works] of members) {
      if (checked++ > 25) break;
      const ids: number[] = [];
      let url: string | null = `/v1/illust/series?illust_series_id=${id}`;
      let first: {
        illust_series_detail: SeriesDetail;
        illust_series_first_illust: Illust;
      } | null = null;
      while (url) {
        const page: {
          illust_series_detail: SeriesDetail;
          illust_series_first_illust: Illust;
          illusts: Illust[];
          next_url: string | null;
        } = await get(url);
        first ??= page;
        ids.push(...page.illusts.map((i) => i.id));
        url = page.next_url;
      }
      expect(ids.sort()).toEqual(works.map((w) => w.id).sort());
      const detail = first!.illust_series_detail;
      expect(detail).toMatchObject({
        id,
        title: works[0]!.series!.title,
        series_work_count: works.length,
        user: { id: works[0]!.user.id },
        watchlist_added: false,
      });
      const oldest = works.reduce((a, b) => (a.create_date < b.create_date ? a : b));
      expect(first!.illust_series_first_illust.id).toBe(oldest.id);
      expect(detail.create_date).toBe(oldest.create_date);
      expect(detail.cover_image_urls.medium).toMatch(
        /^https:\/\/i\.pximg\.net\/c\/782x410_80_a2_g5\/illust-series-cover-original\/img\/\d{4}(\/\d{2}){5}\/\d+_[0-9a-f]{32}\.jpg$/,
      );
    }
  });

  it('pages long series by 30 with next_url, and answers 404 for unknown series', async () => {
    const { members } = await seriesMembers();
    const [id, works] = [...members].sort((a, b) => b[1].length - a[1].length)[0]!;
    const page = await get<{ illusts: Illust[]; next_url: string | null }>(
      `/v1/illust/series?illust_series_id=${id}`,
    );
    expect(page.illusts).toHaveLength(Math.min(30, works.length));
    const dates = page.illusts.map((i) => i.create_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const res = await app.inject({
      url: '/app-api.pixiv.net/v1/illust/series?illust_series_id=3',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it("lists a user's series, matching total_illust_series", async () => {
    const { members } = await seriesMembers();
    const byUser = new Map<number, Set<number>>();
    for (const [id, works] of members) {
      const set = byUser.get(works[0]!.user.id) ?? new Set();
      set.add(id);
      byUser.set(works[0]!.user.id, set);
    }
    const [userId, ids] = [...byUser].sort((a, b) => b[1].size - a[1].size)[0]!;
    const list = await get<{ illust_series_details: SeriesDetail[]; next_url: string | null }>(
      `/v1/user/illust-series?user_id=${userId}`,
    );
    expect(new Set(list.illust_series_details.map((s) => s.id))).toEqual(ids);
    const detail = await get<{ profile: { total_illust_series: number } }>(
      `/v1/user/detail?user_id=${userId}`,
    );
    expect(detail.profile.total_illust_series).toBe(ids.size);
  });

  it('serves the cover on i.pximg.net with the pixiv Referer, and 404 for a wrong hash', async () => {
    const { members } = await seriesMembers();
    const id = [...members.keys()][0]!;
    const { illust_series_detail: d } = await get<{ illust_series_detail: SeriesDetail }>(
      `/v1/illust/series?illust_series_id=${id}`,
    );
    const path = d.cover_image_urls.medium.replace('https://i.pximg.net', '/i.pximg.net');
    const res = await app.inject({ url: path, headers: { referer: 'https://app-api.pixiv.net/' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers.etag).toBeTruthy();
    expect((await app.inject({ url: path })).statusCode).toBe(403);
    const wrong = path.replace(/_[0-9a-f]{32}\.jpg$/, `_${'0'.repeat(32)}.jpg`);
    expect(
      (await app.inject({ url: wrong, headers: { referer: 'https://www.pixiv.net/' } })).statusCode,
    ).toBe(404);
  });

  it('web ranking items name the same series as the app API', async () => {
    let named = 0;
    for (const mode of ['weekly', 'monthly']) {
      const res = await app.inject({
        url: `/www.pixiv.net/ranking.php?format=json&mode=${mode}&content=manga&date=20261119`,
      });
      const { contents } = res.json() as {
        contents: {
          illust_id: number;
          illust_series: false | { illust_series_id: string; illust_series_title: string };
        }[];
      };
      for (const item of contents) {
        const { illust } = await get<{ illust: Illust }>(
          `/v1/illust/detail?illust_id=${item.illust_id}`,
        );
        if (!illust.series) {
          expect(item.illust_series).toBe(false);
          continue;
        }
        named++;
        expect(item.illust_series).toMatchObject({
          illust_series_id: String(illust.series.id),
          illust_series_title: illust.series.title,
        });
      }
    }
    expect(named).toBeGreaterThan(0);
  });
});
