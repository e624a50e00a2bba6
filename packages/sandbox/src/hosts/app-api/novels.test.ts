import { beforeAll, describe, expect, it } from 'vitest';
import type { RawNovel, RawNovelListResponse, RawWebviewNovel } from '@pv/core';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import { NOVEL_RANKING_MODES } from '../../data/novel-ranking.ts';
import { novelText } from '../../data/novel-text.ts';
import { TEST_NOW, appPost, demoAccessToken, testSandbox } from '../../test-helpers.ts';

const { app, state } = testSandbox();
let token = '';
let safe = '';
beforeAll(async () => {
  token = await demoAccessToken(app, 0);
  safe = await demoAccessToken(app, 1);
});

async function get(path: string, as = token, headers: Record<string, string> = {}) {
  const res = await app.inject({
    url: `/app-api.pixiv.net${path}`,
    headers: { authorization: `Bearer ${as}`, ...headers },
  });
  const json = String(res.headers['content-type']).includes('json');
  return { status: res.statusCode, body: json ? res.json() : undefined, res };
}
const list = async (path: string, as = token) => (await get(path, as)).body as RawNovelListResponse;
const post = (path: string, form: Record<string, string>, as = token) =>
  appPost(app, path, form, as);
const pathOf = (next: string) => {
  const u = new URL(next);
  expect(u.origin).toBe('https://app-api.pixiv.net');
  return `${u.pathname}${u.search}`;
};
const novels = () => state.novels;
const firstWhere = (pick: (i: number) => boolean) => {
  for (let i = 0; i < novels().count; i++) if (pick(i)) return novels().at(i);
  throw new Error('none');
};

const NOVEL_KEYS = [
  'caption',
  'comment_access_control',
  'create_date',
  'id',
  'image_urls',
  'is_bookmarked',
  'is_muted',
  'is_mypixiv_only',
  'is_original',
  'is_x_restricted',
  'novel_ai_type',
  'page_count',
  'restrict',
  'series',
  'tags',
  'text_length',
  'title',
  'total_bookmarks',
  'total_comments',
  'total_view',
  'user',
  'visible',
  'x_restrict',
];

describe('/v2/novel/detail', () => {
  it("answers pixiv's novel object with its field names and types", async () => {
    const novel = firstWhere((i) => novels().seriesIndex[i]! >= 0);
    const { status, body } = await get(`/v2/novel/detail?novel_id=${novel.id}`, token, {
      'accept-language': 'en',
    });
    expect(status).toBe(200);
    const raw = body.novel as RawNovel;
    expect(Object.keys(raw).sort()).toEqual(NOVEL_KEYS);
    expect(raw).toMatchObject({
      id: novel.id,
      title: novel.title,
      text_length: novel.textLength,
      page_count: novel.pageCount,
      x_restrict: novel.xRestrict,
      novel_ai_type: novel.aiType,
      series: { id: novel.series!.id, title: novel.series!.title },
      visible: true,
    });
    expect(raw.create_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    expect(typeof raw.tags[0]!.added_by_uploaded_user).toBe('boolean');
    const translated = raw.tags.find((t) => !t.name.startsWith('R-18'))!;
    expect(translated.translated_name).toMatch(/^[\x20-\x7e]+$/);
    const alone = firstWhere((i) => novels().seriesIndex[i]! < 0);
    expect((await get(`/v2/novel/detail?novel_id=${alone.id}`)).body.novel.series).toEqual({});
  });

  it('answers 404 with the localised message for unknown ids, as the illust routes do', async () => {
    const ja = await get('/v2/novel/detail?novel_id=1');
    expect(ja.status).toBe(404);
    expect(ja.body.error.user_message).toBe('該当作品は削除されたか、存在しない作品IDです。');
    const en = await get('/v2/novel/detail?novel_id=abc', token, { 'accept-language': 'en-US' });
    expect(en.status).toBe(404);
    expect(en.body.error.user_message).toBe(
      'The artwork has been deleted or the artwork ID does not exist.',
    );
  });

  it('sends the restricted form of an R-18 novel to an all-ages account', async () => {
    const adult = firstWhere((i) => novels().xRestrict[i] === 1);
    const raw = (await get(`/v2/novel/detail?novel_id=${adult.id}`, safe)).body.novel as RawNovel;
    expect(raw.visible).toBe(false);
    expect(raw.image_urls.medium).toBe('https://s.pximg.net/common/images/limit_r18_360.png');
    expect(raw.user.id).toBe(0);
  });
});

describe('/webview/v2/novel', () => {
  const extract = (html: string) => {
    // HibiAPI's regex (conformance.md §2), pixivpy's greedy one, and gallery-dl's cut.
    const hibi = /novel:\s+(?<data>{.+?}),\s+isOwnWork/.exec(html)!.groups!.data!;
    const pixivpy = /novel:\s({.+}),\s+isOwnWork/.exec(html)![1]!;
    const start = html.indexOf('novel: ') + 'novel: '.length;
    const gallery = html.slice(start, html.indexOf(',\n', start));
    expect(pixivpy).toBe(hibi);
    expect(gallery).toBe(hibi);
    return JSON.parse(hibi) as RawWebviewNovel;
  };

  it('answers HTML that embeds the novel object, with text, series navigation, images and illusts', async () => {
    const series = novels().series.find((s) => s.novels.length >= 3)!;
    const novel = novels().at(series.novels[1]!);
    const { res } = await get(`/webview/v2/novel?id=${novel.id}&viewer_version=20221031_ai`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/novel: \{.+\},\n\s+isOwnWork: false,/);
    const object = extract(res.body);
    expect(object.id).toBe(String(novel.id));
    expect(object.seriesId).toBe(String(series.id));
    expect(object.seriesNavigation!.prevNovel!.id).toBe(novels().ids[series.novels[0]!]);
    expect(object.seriesNavigation!.nextNovel!.id).toBe(novels().ids[series.novels[2]!]);
    expect(object.text.split('[newpage]')).toHaveLength(novel.pageCount);
    expect(object.rating).toEqual({
      like: novel.bookmarks,
      bookmark: novel.bookmarks,
      view: novel.views,
    });
    expect(object.cdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const withImages = firstWhere((i) => novels().at(i).uploadedImages > 0);
    const images = extract((await get(`/webview/v2/novel?id=${withImages.id}`)).res.body).images;
    expect(Object.keys(images)).toHaveLength(withImages.uploadedImages);
  });

  it('fills the illusts map for every [pixivimage:…] of the text', async () => {
    for (let i = 0; i < 200; i++) {
      const novel = novels().at(i);
      if (novel.xRestrict > 0) continue;
      const object = extract((await get(`/webview/v2/novel?id=${novel.id}`)).res.body);
      const refs = [...object.text.matchAll(/\[pixivimage:(\d+(?:-\d+)?)\]/g)].map((m) => m[1]!);
      if (refs.length === 0) continue;
      const map = object.illusts as Record<string, { id: string; page: number }>;
      for (const ref of refs) expect(map[ref], ref).toBeDefined();
      return;
    }
    throw new Error('no novel with an embedded illust');
  });

  it('answers 404 for unknown ids and for novels above the account setting', async () => {
    expect((await get('/webview/v2/novel?id=3')).status).toBe(404);
    const adult = firstWhere((i) => novels().xRestrict[i] === 2);
    expect((await get(`/webview/v2/novel?id=${adult.id}`, safe)).status).toBe(404);
    expect((await get(`/webview/v2/novel?id=${adult.id}`)).status).toBe(200);
  });
});

describe('/v1/novel/ranking', () => {
  it('answers every mode with novels that fit it, from 2007-09-13 to the latest day', async () => {
    let total = 0;
    for (const [mode, rule] of Object.entries(NOVEL_RANKING_MODES)) {
      const { status, body } = await get(`/v1/novel/ranking?mode=${mode}&date=2026-11-19`);
      expect(status, mode).toBe(200);
      for (const n of body.novels as RawNovel[]) {
        expect(n.x_restrict, mode).toBe(rule.xRestrict);
        expect(n.novel_ai_type === 2, mode).toBe(rule.ai === 'only');
      }
      total += body.novels.length;
    }
    expect(total).toBeGreaterThan(100);
    expect(
      (await list('/v1/novel/ranking?mode=day&date=2007-09-13')).novels.length,
    ).toBeGreaterThan(0);
    expect((await list('/v1/novel/ranking?mode=day&date=2007-09-12')).novels).toEqual([]);
    expect((await list('/v1/novel/ranking?mode=day&date=2026-11-20')).novels).toEqual([]);
    expect((await get('/v1/novel/ranking?mode=day&date=20261119')).status).toBe(400);
  });

  it('pages 30 at a time with offset and answers an empty list past the end', async () => {
    const first = await list('/v1/novel/ranking?mode=day&date=2026-11-19');
    expect(first.novels).toHaveLength(30);
    expect(new URL(first.next_url!).searchParams.get('offset')).toBe('30');
    const second = await list(pathOf(first.next_url!));
    expect(second.novels[0]!.id).not.toBe(first.novels[0]!.id);
    expect((await list('/v1/novel/ranking?mode=day&date=2026-11-19&offset=3000')).novels).toEqual(
      [],
    );
    // mode defaults to day and date to the latest published day
    expect((await list('/v1/novel/ranking')).novels.map((n) => n.id)).toEqual(
      first.novels.map((n) => n.id),
    );
  });
});

describe('novel search', () => {
  it('matches tags partially, exactly and through translations', async () => {
    const word = encodeURIComponent('恋愛');
    const partial = await list(`/v1/search/novel?word=${word}`);
    expect(partial.novels.length).toBe(30);
    for (const n of partial.novels) expect(n.tags.map((t) => t.name)).toContain('恋愛');
    const english = await list('/v1/search/novel?word=romance&search_target=exact_match_for_tags');
    expect(english.novels.map((n) => n.id)).toEqual(partial.novels.map((n) => n.id));
    const untranslated = await list(
      '/v1/search/novel?word=romance&search_target=exact_match_for_tags&include_translated_tag_results=false',
    );
    expect(untranslated.novels).toEqual([]);
    const dates = partial.novels.map((n) => n.create_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const asc = await list(`/v1/search/novel?word=${word}&sort=date_asc`);
    expect(asc.novels[0]!.create_date < dates[0]!).toBe(true);
  });

  it('searches the body with search_target=text, and title and caption with keyword', async () => {
    const word = encodeURIComponent('黄昏');
    const text = await list(`/v1/search/novel?word=${word}&search_target=text`);
    expect(text.novels.length).toBeGreaterThan(0);
    for (const n of text.novels)
      expect(novelText(novels(), novels().novel(n.id)!).text).toContain('黄昏');
    const again = await list(`/v1/search/novel?word=${word}&search_target=text`);
    expect(again.novels.map((n) => n.id)).toEqual(text.novels.map((n) => n.id));
    const tags = await list(`/v1/search/novel?word=${word}`);
    expect(tags.novels).toEqual([]);
    const keyword = await list(
      `/v1/search/novel?word=${encodeURIComponent(novels().at(10).title)}&search_target=keyword`,
    );
    expect(keyword.novels.map((n) => n.id)).toContain(novels().at(10).id);
    expect((await get(`/v1/search/novel?word=a&search_target=title_and_caption`)).status).toBe(400);
  });

  it('filters by duration, dates, bookmarks and AI, and stops at offset 5000', async () => {
    const word = encodeURIComponent('オリジナル');
    const week = await list(`/v1/search/novel?word=${word}&duration=within_last_month`);
    for (const n of week.novels)
      expect(Date.parse(n.create_date)).toBeGreaterThan(TEST_NOW - 32 * 86_400_000);
    const window = await list(
      `/v1/search/novel?word=${word}&start_date=2015-01-01&end_date=2016-12-31`,
    );
    for (const n of window.novels) expect(n.create_date.slice(0, 4)).toMatch(/^201[56]$/);
    const popular = await list(`/v1/search/novel?word=${word}&bookmark_num_min=5000`);
    for (const n of popular.novels) expect(n.total_bookmarks).toBeGreaterThanOrEqual(5000);
    const all = await list(`/v1/search/novel?word=AI`);
    expect(all.novels.some((n) => n.novel_ai_type === 2)).toBe(true);
    const noAi = await list(`/v1/search/novel?word=AI&search_ai_type=1`);
    expect(noAi.novels.some((n) => n.novel_ai_type === 2)).toBe(false);
    expect((await get(`/v1/search/novel?word=${word}&offset=5001`)).status).toBe(400);
    expect((await get('/v1/search/novel?word=')).status).toBe(400);
    expect((await get(`/v1/search/novel?word=${word}&duration=forever`)).status).toBe(400);
  });

  it('previews the most bookmarked hits, and trends novel tags', async () => {
    const { body } = await get(
      `/v1/search/popular-preview/novel?word=${encodeURIComponent('恋愛')}`,
    );
    expect(body.next_url).toBeUndefined();
    expect(body.search_span_limit).toBe(31_536_000);
    const marks = (body.novels as RawNovel[]).map((n) => n.total_bookmarks);
    expect([...marks].sort((a, b) => b - a)).toEqual(marks);
    const trend = (await get('/v1/trending-tags/novel', token, { 'accept-language': 'zh-CN' }))
      .body;
    expect(trend.trend_tags.length).toBeGreaterThan(5);
    for (const t of trend.trend_tags) {
      expect(typeof t.tag).toBe('string');
      expect(t.illust.image_urls.square_medium).toMatch(/^https:\/\/i\.pximg\.net\//);
      expect(t.illust.x_restrict).toBe(0);
    }
    expect(trend.trend_tags.find((t: { tag: string }) => t.tag === '恋愛')?.translated_name).toBe(
      '恋爱',
    );
  });
});

describe('recommended, new, related', () => {
  it('recommends novels, with ranking_novels on request', async () => {
    const { body } = await get('/v1/novel/recommended?include_ranking_novels=true');
    expect(body.novels).toHaveLength(30);
    expect(body.ranking_novels).toHaveLength(3);
    expect(body.privacy_policy).toEqual({});
    expect(new URL(body.next_url).searchParams.get('offset')).toBe('30');
    expect((await get('/v1/novel/recommended')).body.ranking_novels).toEqual([]);
    for (const n of (await list('/v1/novel/recommended', safe)).novels)
      expect(n.x_restrict).toBe(0);
  });

  it('lists the newest novels with the max_novel_id cursor', async () => {
    const first = await list('/v1/novel/new');
    expect(first.novels).toHaveLength(30);
    const ids = first.novels.map((n) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const cursor = Number(new URL(first.next_url!).searchParams.get('max_novel_id'));
    expect(cursor).toBe(ids.at(-1));
    const second = await list(pathOf(first.next_url!));
    for (const n of second.novels) expect(n.id).toBeLessThan(cursor);
  });

  it('relates novels by shared tags and author', async () => {
    const seed = novels().at(500);
    const related = await list(`/v1/novel/related?novel_id=${seed.id}`);
    expect(related.novels.length).toBeGreaterThan(0);
    const names = new Set(seed.tags.map((t) => t.name));
    for (const n of related.novels) {
      expect(n.id).not.toBe(seed.id);
      expect(n.tags.some((t) => names.has(t.name)) || n.user.id === seed.user.id).toBe(true);
    }
    expect((await get('/v1/novel/related?novel_id=2')).status).toBe(404);
  });
});

describe('users and series', () => {
  const author = () => {
    const counts = new Map<number, number>();
    for (const o of novels().owner) counts.set(o, (counts.get(o) ?? 0) + 1);
    const [index] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    return state.data.allUsers[index]!;
  };

  it("lists a user's novels newest first, with next_url, and counts them in user detail", async () => {
    const user = author();
    const own = novels().novelsOf(user.index);
    expect(own.length).toBeGreaterThan(30);
    const { body } = await get(`/v1/user/novels?user_id=${user.id}`);
    expect(body.user.id).toBe(user.id);
    expect(body.novels).toHaveLength(30);
    expect(body.novels[0].id).toBe(novels().ids[own.at(-1)!]);
    for (const n of body.novels as RawNovel[]) expect(n.user.id).toBe(user.id);
    expect(new URL(body.next_url).searchParams.get('offset')).toBe('30');
    const detail = (await get(`/v1/user/detail?user_id=${user.id}`)).body;
    expect(detail.profile.total_novels).toBe(own.length);
    expect(detail.profile.total_novel_series).toBe(novels().seriesOfUser(user.index).length);
    expect((await get('/v1/user/novels?user_id=5')).status).toBe(404);
  });

  it('pages a series by last_order, with its detail, first and latest novel', async () => {
    const series = [...novels().series].sort((a, b) => b.novels.length - a.novels.length)[0]!;
    const { body } = await get(`/v2/novel/series?series_id=${series.id}`);
    expect(body.novel_series_detail).toMatchObject({
      id: series.id,
      title: series.title,
      content_count: series.novels.length,
      is_concluded: series.isConcluded,
      watchlist_added: false,
    });
    expect(body.novel_series_detail.total_character_count).toBe(
      series.novels.reduce((s, i) => s + novels().textLength[i]!, 0),
    );
    expect(body.novel_series_first_novel.id).toBe(novels().ids[series.novels[0]!]);
    expect(body.novel_series_latest_novel.id).toBe(novels().ids[series.novels.at(-1)!]);
    expect(body.novels[0].id).toBe(novels().ids[series.novels[0]!]);
    const after = (await get(`/v2/novel/series?series_id=${series.id}&last_order=2`)).body;
    expect(after.novels[0].id).toBe(novels().ids[series.novels[2]!]);
    if (series.novels.length > 30) {
      expect(new URL(body.next_url).searchParams.get('last_order')).toBe('30');
    } else expect(body.next_url).toBeNull();
    const past = (await get(`/v2/novel/series?series_id=${series.id}&last_order=999`)).body;
    expect(past.novels).toEqual([]);
    expect((await get('/v2/novel/series?series_id=7')).status).toBe(404);
  });

  it("lists a user's novel series", async () => {
    const user = author();
    const { body } = await get(`/v1/user/novel-series?user_id=${user.id}`);
    const expected = novels().seriesOfUser(user.index);
    expect(body.novel_series_details).toHaveLength(Math.min(30, expected.length));
    expect(body.novel_series_details[0].id).toBe(expected.at(-1)!.id);
    expect(body.novel_series_details[0].cover_image_urls.medium).toMatch(/^https:\/\//);
  });
});

describe('novel bookmarks and the follow feed', () => {
  const me = () => DEMO_ACCOUNTS[0]!.userId;

  it('a bookmark shows in is_bookmarked and the list, for that account only, until deleted', async () => {
    const novel = novels().at(50);
    const add = await post('/v2/novel/bookmark/add', {
      novel_id: String(novel.id),
      restrict: 'public',
    });
    expect(add.json()).toEqual({});
    expect((await get(`/v2/novel/detail?novel_id=${novel.id}`)).body.novel.is_bookmarked).toBe(
      true,
    );
    expect(
      (await get(`/v2/novel/detail?novel_id=${novel.id}`, safe)).body.novel.is_bookmarked,
    ).toBe(false);
    // Novel and illust ids are separate: an illust with another id space is not marked.
    expect(state.social.of(me()).bookmarks.has(novel.id)).toBe(false);
    const marked = await list(`/v1/user/bookmarks/novel?user_id=${me()}&restrict=public`);
    expect(marked.novels.map((n) => n.id)).toEqual([novel.id]);
    expect(marked.novels[0]!.is_bookmarked).toBe(true);
    await post('/v1/novel/bookmark/delete', { novel_id: String(novel.id) });
    expect((await get(`/v2/novel/detail?novel_id=${novel.id}`)).body.novel.is_bookmarked).toBe(
      false,
    );
    expect(
      (await post('/v2/novel/bookmark/add', { novel_id: '1', restrict: 'public' })).statusCode,
    ).toBe(404);
    expect(
      (await post('/v2/novel/bookmark/add', { novel_id: String(novel.id), restrict: 'friends' }))
        .statusCode,
    ).toBe(400);
  });

  it('pages bookmarks newest first by max_bookmark_id; private ones stay private; tags filter', async () => {
    const ids = Array.from({ length: 35 }, (_, k) => novels().at(100 + k).id);
    for (const id of ids)
      await post('/v2/novel/bookmark/add', {
        novel_id: String(id),
        restrict: 'private',
        'tags[]': '読了',
      });
    const first = await list(`/v1/user/bookmarks/novel?user_id=${me()}&restrict=private`);
    expect(first.novels).toHaveLength(30);
    expect(first.novels[0]!.id).toBe(ids.at(-1));
    const cursor = new URL(first.next_url!).searchParams.get('max_bookmark_id')!;
    const second = await list(
      `/v1/user/bookmarks/novel?user_id=${me()}&restrict=private&max_bookmark_id=${cursor}`,
    );
    expect(second.novels.map((n) => n.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.next_url).toBeNull();
    expect(
      (await list(`/v1/user/bookmarks/novel?user_id=${me()}&restrict=private`, safe)).novels,
    ).toEqual([]);
    const tagged = await list(
      `/v1/user/bookmarks/novel?user_id=${me()}&restrict=private&tag=${encodeURIComponent('読了')}`,
    );
    expect(tagged.novels).toHaveLength(30);
    for (const id of ids) await post('/v1/novel/bookmark/delete', { novel_id: String(id) });
  });

  it('feeds the novels of followed users, newest first, by restrict', async () => {
    const user = state.data.allUsers[novels().owner[300]!]!;
    expect((await list('/v1/novel/follow?restrict=all')).novels).toEqual([]);
    await post('/v1/user/follow/add', { user_id: String(user.id), restrict: 'private' });
    const feed = await list('/v1/novel/follow?restrict=all');
    const own = novels().novelsOf(user.index);
    expect(feed.novels.map((n) => n.id)).toEqual(
      [...own]
        .reverse()
        .slice(0, 30)
        .map((i) => novels().ids[i]),
    );
    expect((await list('/v1/novel/follow?restrict=public')).novels).toEqual([]);
    expect((await get('/v1/novel/follow?restrict=friends')).status).toBe(400);
    await post('/v1/user/follow/delete', { user_id: String(user.id) });
  });
});
