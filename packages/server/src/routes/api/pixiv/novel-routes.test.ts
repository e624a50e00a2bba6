import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppApiClient } from '@pv/pixiv';
import type { RawNovelListResponse } from '@pv/core';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import type { TestServer } from '../../../test-helpers.ts';
import {
  expectMaxAge,
  itMapsOntoTheAppApi,
  startMirrorTest,
  type MirrorCase,
} from './test-mirror.ts';
import { USER_TOKEN_HEADER } from './index.ts';
import { WEBVIEW_NOVEL_PATTERN } from './webview.ts';
import { latestRankingDate } from './endpoint-kit.ts';

let t: TestServer;
let direct: AppApiClient;
let novelId: number;
let userId: number;
let seriesId: number;

beforeAll(async () => {
  ({ t, direct } = await startMirrorTest());
  const ranked = (
    await t.app.inject({ url: '/api/pixiv/rank_novel?date=2026-11-19' })
  ).json() as RawNovelListResponse;
  novelId = ranked.novels[0]!.id;
  userId = ranked.novels[0]!.user.id;
  const novels = t.sandbox.state.novels;
  seriesId = [...novels.series].sort((a, b) => b.novels.length - a.novels.length)[0]!.id;
});
afterAll(() => t.close());

const word = encodeURIComponent('恋愛');

/** Each novel route and the app-API call it must make (conformance.md §2, spec 001 §7.3). */
const CASES: MirrorCase[] = [
  [
    'rank_novel (mode day of the latest published day by default, as rank)',
    () => 'rank_novel?page=2',
    () => ['/v1/novel/ranking', { mode: 'day', date: latestRankingDate(), offset: 30 }],
  ],
  [
    'rank_novel with a free-string mode and a date',
    () => 'rank_novel?mode=week_ai_r18&date=2026-11-19',
    () => ['/v1/novel/ranking', { mode: 'week_ai_r18', date: '2026-11-19', offset: 0 }],
  ],
  [
    'search_novel (sort, not order)',
    () => `search_novel?word=${word}&mode=text&sort=date_asc&page=2&duration=within_last_month`,
    () => [
      '/v1/search/novel',
      {
        word: '恋愛',
        search_target: 'text',
        sort: 'date_asc',
        duration: 'within_last_month',
        merge_plain_keyword_results: true,
        include_translated_tag_results: true,
        search_ai_type: 1,
        offset: 30,
      },
    ],
  ],
  [
    'search_novel without AI, with a date window and minimum bookmarks',
    () =>
      `search_novel?word=${word}&mode=keyword&search_ai_type=false&start_date=2020-01-01&end_date=2025-12-31&bookmark_num_min=100`,
    () => [
      '/v1/search/novel',
      {
        word: '恋愛',
        search_target: 'keyword',
        sort: 'date_desc',
        start_date: '2020-01-01',
        end_date: '2025-12-31',
        bookmark_num_min: 100,
        merge_plain_keyword_results: true,
        include_translated_tag_results: true,
        search_ai_type: 0,
        offset: 0,
      },
    ],
  ],
  [
    'popular_preview_novel',
    () => `popular_preview_novel?word=${word}&mode=exact_match_for_tags`,
    () => [
      '/v1/search/popular-preview/novel',
      {
        word: '恋愛',
        search_target: 'exact_match_for_tags',
        merge_plain_keyword_results: true,
        include_translated_tag_results: true,
        filter: 'for_ios',
      },
    ],
  ],
  [
    'novel_recommended',
    () => 'novel_recommended?page=2',
    () => [
      '/v1/novel/recommended',
      {
        include_ranking_label: true,
        filter: 'for_ios',
        include_ranking_novels: false,
        include_privacy_policy: false,
        offset: 30,
      },
    ],
  ],
  ['novel_new', () => 'novel_new', () => ['/v1/novel/new', { filter: 'for_ios' }]],
  [
    'novel_new with the max_novel_id cursor',
    () => `novel_new?max_novel_id=${novelId}`,
    () => ['/v1/novel/new', { filter: 'for_ios', max_novel_id: novelId }],
  ],
  [
    'related_novel',
    () => `related_novel?id=${novelId}&page=2&size=10`,
    () => ['/v1/novel/related', { novel_id: novelId, offset: 10 }],
  ],
  [
    'member_novel',
    () => `member_novel?id=${userId}`,
    () => ['/v1/user/novels', { user_id: userId, offset: 0 }],
  ],
  [
    'favorite_novel (max_bookmark_id=0 dropped)',
    () => `favorite_novel?id=${userId}&max_bookmark_id=0`,
    () => ['/v1/user/bookmarks/novel', { user_id: userId, restrict: 'public' }],
  ],
  [
    'favorite_novel with a cursor, tag and restrict',
    () => `favorite_novel?id=${userId}&max_bookmark_id=99&tag=${word}&restrict=private`,
    () => [
      '/v1/user/bookmarks/novel',
      { user_id: userId, tag: '恋愛', restrict: 'private', max_bookmark_id: 99 },
    ],
  ],
  [
    'novel_series',
    () => `novel_series?id=${seriesId}`,
    () => ['/v2/novel/series', { series_id: seriesId }],
  ],
  [
    'novel_series by last_order',
    () => `novel_series?id=${seriesId}&last_order=2`,
    () => ['/v2/novel/series', { series_id: seriesId, last_order: 2 }],
  ],
  [
    'member_novel_series',
    () => `member_novel_series?id=${userId}`,
    () => ['/v1/user/novel-series', { user_id: userId, offset: 0 }],
  ],
  [
    'novel_detail',
    () => `novel_detail?id=${novelId}`,
    () => ['/v2/novel/detail', { novel_id: novelId }],
  ],
  ['tags_novel', () => 'tags_novel', () => ['/v1/trending-tags/novel', { filter: 'for_ios' }]],
];

describe('novel mirror routes map onto the app API', () => {
  itMapsOntoTheAppApi(CASES, () => ({ t, direct }));

  it('webview_novel parses the novel object out of the page with HibiAPI’s regex', async () => {
    const page = await direct.getText('/webview/v2/novel', {
      id: novelId,
      viewer_version: '20221031_ai',
    });
    expect(page.contentType).toMatch(/^text\/html/);
    const expected = JSON.parse(WEBVIEW_NOVEL_PATTERN.exec(page.text)!.groups!.data!);
    const res = await t.app.inject({ url: `/api/pixiv/webview_novel?id=${novelId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(expected);
    expect(res.json().id).toBe(String(novelId));
    expect(res.json().text.length).toBeGreaterThan(1000);
    expect(res.headers['cache-control']).toBe('max-age=31536000');
  });

  it('novel_text answers {"novel_text": text}; raw answers the page as text, never as HTML', async () => {
    const object = (await t.app.inject({ url: `/api/pixiv/webview_novel?id=${novelId}` })).json();
    const text = await t.app.inject({ url: `/api/pixiv/novel_text?id=${novelId}` });
    expect(text.json()).toEqual({ novel_text: object.text });
    const raw = await t.app.inject({ url: `/api/pixiv/webview_novel?id=${novelId}&raw=true` });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect(raw.body).toMatch(/^<!DOCTYPE html>/);
    expect(WEBVIEW_NOVEL_PATTERN.test(raw.body)).toBe(true);
  });

  it('passes upstream’s 404 body for an unknown novel through with 200, uncached', async () => {
    for (const route of ['webview_novel', 'novel_text', 'novel_detail']) {
      const res = await t.app.inject({
        url: `/api/pixiv/${route}?id=1`,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode, route).toBe(200);
      expect(res.json().error.user_message, route).toBe(
        'The artwork has been deleted or the artwork ID does not exist.',
      );
      expect(res.headers['cache-control'], route).toBe('no-cache');
    }
  });

  it('validates like HibiAPI: 422 with the field of each problem', async () => {
    const cases: [string, string, string][] = [
      ['search_novel', 'word', 'value_error.missing'],
      ['search_novel?word=a&mode=title_and_caption', 'mode', 'type_error.enum'],
      ['search_novel?word=a&sort=popular', 'sort', 'type_error.enum'],
      ['search_novel?word=a&duration=within_last_year', 'duration', 'type_error.enum'],
      ['search_novel?word=a&search_ai_type=maybe', 'search_ai_type', 'type_error.bool'],
      ['popular_preview_novel?word=a&mode=title_and_caption', 'mode', 'type_error.enum'],
      ['popular_preview_novel', 'word', 'value_error.missing'],
      ['rank_novel?date=2026-02-30', 'date', 'value_error.date'],
      ['rank_novel?page=0', 'page', 'value_error.number.not_ge'],
      ['novel_detail', 'id', 'value_error.missing'],
      ['webview_novel?id=x', 'id', 'type_error.integer'],
      ['webview_novel?id=1&raw=perhaps', 'raw', 'type_error.bool'],
      ['novel_text?id=0', 'id', 'value_error.number.not_ge'],
      ['novel_new?max_novel_id=0', 'max_novel_id', 'value_error.number.not_ge'],
      ['favorite_novel?id=1&restrict=all', 'restrict', 'type_error.enum'],
      ['favorite_novel?id=1&max_bookmark_id=-1', 'max_bookmark_id', 'value_error.number.not_ge'],
      ['related_novel?id=1&size=501', 'size', 'value_error.number.not_le'],
      ['member_novel', 'id', 'value_error.missing'],
      ['member_novel_series?id=abc', 'id', 'type_error.integer'],
      ['novel_series?id=1&last_order=-1', 'last_order', 'value_error.number.not_ge'],
      ['novel_recommended?include_ranking_novels=x', 'include_ranking_novels', 'type_error.bool'],
    ];
    for (const [url, field, type] of cases) {
      const res = await t.app.inject({ url: `/api/pixiv/${url}` });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().validation, url).toEqual([
        expect.objectContaining({ loc: ['query', field], type }),
      ]);
    }
  });

  it('keeps rankings 1209600 s, searches 3600, related 172800, recommendations 43200, latest 600, users 86400', async () => {
    const checks: [string, number][] = [
      ['rank_novel?date=2026-11-18', 1_209_600],
      [`search_novel?word=${encodeURIComponent('ファンタジー')}`, 3_600],
      [`popular_preview_novel?word=${encodeURIComponent('ファンタジー')}`, 3_600],
      ['tags_novel', 3_600],
      [`related_novel?id=${novelId}`, 172_800],
      ['novel_recommended?page=3', 43_200],
      ['novel_new?max_novel_id=999999999', 600],
      [`member_novel?id=${userId}&page=1&size=5`, 86_400],
      [`member_novel_series?id=${userId}`, 86_400],
      [`novel_series?id=${seriesId}&last_order=1`, 86_400],
      [`novel_detail?id=${novelId}`, 31_536_000],
    ];
    for (const [url, ttl] of checks) {
      // a fresh load (earlier tests may have cached some of these a while ago)
      const res = await t.app.inject({
        url: `/api/pixiv/${url}`,
        headers: { 'cache-control': 'no-cache' },
      });
      expect(res.statusCode, url).toBe(200);
      expectMaxAge(res.headers['cache-control'], ttl);
    }
  });

  it('answers a page past the end with an empty list', async () => {
    const res = await t.app.inject({ url: '/api/pixiv/rank_novel?date=2026-11-19&page=40' });
    expect(res.json()).toEqual({ novels: [], next_url: null });
  });

  it('req_get v1/novel/follow reads the novels of the users the account follows', async () => {
    const me = { [USER_TOKEN_HEADER]: DEMO_ACCOUNTS[1]!.refreshToken };
    const call = (route: string, path: string, json: object) =>
      t.app.inject({
        url: `/api/pixiv/${route}?path=${encodeURIComponent(path)}&${route === 'req_get' ? 'params' : 'data'}=${encodeURIComponent(JSON.stringify(json))}`,
        headers: me,
      });
    expect((await call('req_post', 'v1/user/follow/add', { user_id: userId })).statusCode).toBe(
      200,
    );
    const feed = (await call('req_get', 'v1/novel/follow', { restrict: 'all' })).json();
    expect(feed.novels.length).toBeGreaterThan(0);
    expect(new Set(feed.novels.map((n: { user: { id: number } }) => n.user.id))).toEqual(
      new Set([userId]),
    );
    await call('req_post', 'v1/user/follow/delete', { user_id: userId });
  });
});

describe('webview faults', () => {
  const WEBVIEW = '/app-api.pixiv.net/webview/v2/novel';
  const fault = (spec: Parameters<TestServer['sandbox']['state']['faults']['add']>[0]) =>
    t.sandbox.state.faults.add(spec);
  const fresh = (route: string) =>
    t.app.inject({
      url: `/api/pixiv/${route}?id=${novelId}`,
      headers: { 'cache-control': 'no-store' },
    });

  it('a page that is not the reader answers 502 JSONDecodeError, a dropped one 502', async () => {
    fault({ pathPrefix: WEBVIEW, malformed: true, times: 1 });
    const bad = await fresh('novel_text');
    expect(bad.statusCode).toBe(502);
    expect(bad.json()).toMatchObject({ code: 502, detail: 'JSONDecodeError' });
    fault({ pathPrefix: WEBVIEW, drop: true, times: 1 });
    expect((await fresh('webview_novel')).statusCode).toBe(502);
    t.sandbox.state.faults.clear();
    expect((await fresh('novel_text')).json()).toHaveProperty('novel_text');
  });

  it('an upstream 500 or "Rate Limit" goes back verbatim with 200, uncached', async () => {
    fault({ pathPrefix: WEBVIEW, status: 500, times: 1 });
    const failed = await fresh('webview_novel');
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toHaveProperty('error.message', 'sandbox fault 500');
    expect(failed.headers['cache-control']).toBe('no-cache');
    fault({ pathPrefix: WEBVIEW, rateLimit: true });
    const limited = await fresh('novel_text');
    expect(limited.statusCode).toBe(200);
    expect(limited.json()).toHaveProperty('error.message', 'Rate Limit');
    t.sandbox.state.faults.clear();
  });
});
