import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppApiClient } from '@pv/pixiv';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import type { TestServer } from '../../../test-helpers.ts';
import { latestRankingDate } from './endpoint-kit.ts';
import { PASSTHROUGH_MAX_PARAMS, PASSTHROUGH_MAX_VALUE_LENGTH } from './params.ts';
import {
  expectMaxAge,
  itMapsOntoTheAppApi,
  itRejectsWhatHibiApiRejects,
  startMirrorTest,
  upstreamQueries,
  type MirrorCase,
} from './test-mirror.ts';

let t: TestServer;
let direct: AppApiClient;
let illustId: number;
let userId: number;
let ugoiraId: number;
/** The server's own account (DEMO_ACCOUNTS[0]): only its private lists can be read. */
const me = DEMO_ACCOUNTS[0]!.userId;

beforeAll(async () => {
  ({ t, direct } = await startMirrorTest());
  const week = (await t.app.inject({ url: '/api/pixiv/rank?mode=week&date=2026-11-19' })).json();
  illustId = week.illusts[0].id;
  userId = week.illusts[0].user.id;
  // the weekly ranking mixes every type: its best ugoira
  const { data, rankings, social } = t.sandbox.state;
  const ranked = Array.from(rankings.indexes('week', '2026-11-19'), (i) => data.work(i));
  ugoiraId = ranked.find((w) => w.kind === 'ugoira')!.id;
  // private bookmarks and follows of the server's account, so that restrict=private lists hold
  // something only a private call can answer
  for (const i of week.illusts.slice(5, 8)) social.bookmark(me, i.id, 'private', ['秘密']);
  social.follow(me, userId, 'private');
});
afterAll(() => t.close());

/** Each mirror call and the app-API call it must make (conformance.md §2). */
const CASES: MirrorCase[] = [
  ['member', () => `member?id=${userId}`, () => ['/v1/user/detail', { user_id: userId }]],
  [
    'member_illust',
    () => `member_illust?id=${userId}&page=1`,
    () => ['/v1/user/illusts', { user_id: userId, type: 'illust', offset: 0 }],
  ],
  [
    'related',
    () => `related?id=${illustId}&page=2`,
    () => ['/v2/illust/related', { illust_id: illustId, offset: 30 }],
  ],
  [
    'search',
    () => `search?word=${encodeURIComponent('猫')}&order=date_asc&page=2`,
    () => [
      '/v1/search/illust',
      {
        word: '猫',
        search_target: 'partial_match_for_tags',
        sort: 'date_asc',
        offset: 30,
        include_translated_tag_results: true,
        search_ai_type: 1,
      },
    ],
  ],
  [
    'search without AI',
    () => `search?word=${encodeURIComponent('風景')}&search_ai_type=false`,
    () => [
      '/v1/search/illust',
      {
        word: '風景',
        search_target: 'partial_match_for_tags',
        sort: 'date_desc',
        offset: 0,
        include_translated_tag_results: true,
        search_ai_type: 0,
      },
    ],
  ],
  [
    'popular_preview',
    () => `popular_preview?word=${encodeURIComponent('猫')}`,
    () => [
      '/v1/search/popular-preview/illust',
      {
        word: '猫',
        search_target: 'partial_match_for_tags',
        merge_plain_keyword_results: true,
        include_translated_tag_results: true,
        filter: 'for_ios',
      },
    ],
  ],
  ['tags', () => 'tags', () => ['/v1/trending-tags/illust', { filter: 'for_ios' }]],
  [
    'tags_autocomplete',
    () => 'tags_autocomplete?word=cat',
    () => ['/v2/search/autocomplete', { word: 'cat', merge_plain_keyword_results: true }],
  ],
  [
    'ugoira_metadata',
    () => `ugoira_metadata?id=${ugoiraId}`,
    () => ['/v1/ugoira/metadata', { illust_id: ugoiraId }],
  ],
  [
    'illust_new',
    () => 'illust_new?content_type=manga',
    () => ['/v1/illust/new', { content_type: 'manga', filter: 'for_ios' }],
  ],
  [
    'member_illust of manga',
    () => `member_illust?id=${userId}&illust_type=manga&page=2&size=5`,
    () => ['/v1/user/illusts', { user_id: userId, type: 'manga', offset: 5 }],
  ],
  [
    'search within a duration',
    () => `search?word=${encodeURIComponent('猫')}&duration=within_last_week`,
    () => [
      '/v1/search/illust',
      {
        word: '猫',
        search_target: 'partial_match_for_tags',
        sort: 'date_desc',
        duration: 'within_last_week',
        offset: 0,
        include_translated_tag_results: true,
        search_ai_type: 1,
      },
    ],
  ],
  [
    'search between dates and bookmark counts',
    () =>
      `search?word=${encodeURIComponent('風景')}&mode=exact_match_for_tags&order=popular_desc` +
      '&start_date=2025-01-01&end_date=2026-11-19&bookmark_num_min=100&bookmark_num_max=5000',
    () => [
      '/v1/search/illust',
      {
        word: '風景',
        search_target: 'exact_match_for_tags',
        sort: 'popular_desc',
        start_date: '2025-01-01',
        end_date: '2026-11-19',
        bookmark_num_min: 100,
        bookmark_num_max: 5000,
        offset: 0,
        include_translated_tag_results: true,
        search_ai_type: 1,
      },
    ],
  ],
  [
    'illust_new of illusts',
    () => 'illust_new?content_type=illust',
    () => ['/v1/illust/new', { content_type: 'illust', filter: 'for_ios' }],
  ],
  [
    'illust_new defaults to illusts',
    () => 'illust_new',
    () => ['/v1/illust/new', { content_type: 'illust', filter: 'for_ios' }],
  ],
  [
    'favorite, private',
    () => `favorite?id=${me}&restrict=private`,
    () => ['/v1/user/bookmarks/illust', { user_id: me, restrict: 'private' }],
  ],
  [
    'favorite passes other plain parameters on',
    () =>
      `favorite?id=${me}&restrict=private&filter=for_ios&_t=1763625600&tag=${encodeURIComponent('秘密')}`,
    () => [
      '/v1/user/bookmarks/illust',
      { filter: 'for_ios', _t: '1763625600', user_id: me, tag: '秘密', restrict: 'private' },
    ],
  ],
  [
    'following, private',
    () => `following?id=${me}&restrict=private`,
    () => ['/v1/user/following', { user_id: me, restrict: 'private', offset: 0 }],
  ],
  [
    'spotlights of a category',
    () => 'spotlights?category=manga&size=5',
    () => ['/v1/spotlight/articles', { filter: 'for_ios', category: 'manga', offset: 0 }],
  ],
  [
    'illust_recommended after a bookmark and a recent work',
    () =>
      'illust_recommended?max_bookmark_id_for_recommend=5000&min_bookmark_id_for_recent_illust=100',
    () => [
      '/v1/illust/recommended',
      {
        content_type: 'illust',
        include_ranking_label: true,
        filter: 'for_ios',
        include_ranking_illusts: false,
        max_bookmark_id_for_recommend: 5000,
        min_bookmark_id_for_recent_illust: 100,
        offset: 0,
      },
    ],
  ],
  [
    'manga_recommended after a bookmark and a recent work',
    () =>
      'manga_recommended?include_ranking_illusts=true&max_bookmark_id_for_recommend=7' +
      '&min_bookmark_id_for_recent_illust=3',
    () => [
      '/v1/manga/recommended',
      {
        content_type: 'manga',
        include_ranking_label: true,
        filter: 'for_ios',
        include_ranking_illusts: true,
        max_bookmark_id_for_recommend: 7,
        min_bookmark_id_for_recent_illust: 3,
        offset: 0,
      },
    ],
  ],
  [
    'favorite',
    () => `favorite?id=${userId}&max_bookmark_id=0`,
    () => ['/v1/user/bookmarks/illust', { user_id: userId, restrict: 'public' }],
  ],
  [
    'favorite with a cursor and tag',
    () => `favorite?id=${userId}&max_bookmark_id=1234&tag=${encodeURIComponent('猫')}`,
    () => [
      '/v1/user/bookmarks/illust',
      { user_id: userId, tag: '猫', restrict: 'public', max_bookmark_id: 1234 },
    ],
  ],
  [
    'following',
    () => `following?id=${userId}&page=2`,
    () => ['/v1/user/following', { user_id: userId, restrict: 'public', offset: 30 }],
  ],
  [
    'follower',
    () => `follower?id=${userId}`,
    () => ['/v1/user/follower', { user_id: userId, offset: 0 }],
  ],
  [
    'follower, a later page',
    () => `follower?id=${userId}&page=2&size=10`,
    () => ['/v1/user/follower', { user_id: userId, offset: 10 }],
  ],
  [
    'search_user',
    () => 'search_user?word=ha&page=2',
    () => ['/v1/search/user', { word: 'ha', filter: 'for_ios', offset: 30 }],
  ],
  [
    'related_member',
    () => `related_member?id=${userId}`,
    () => ['/v1/user/related', { filter: 'for_ios', seed_user_id: userId }],
  ],
  [
    'user_recommended',
    () => 'user_recommended',
    () => ['/v1/user/recommended', { filter: 'for_ios', offset: 0 }],
  ],
  [
    'spotlights',
    () => 'spotlights?page=2',
    () => ['/v1/spotlight/articles', { filter: 'for_ios', category: 'all', offset: 10 }],
  ],
  [
    'illust_recommended',
    () => 'illust_recommended',
    () => [
      '/v1/illust/recommended',
      {
        content_type: 'illust',
        include_ranking_label: true,
        filter: 'for_ios',
        include_ranking_illusts: false,
        offset: 0,
      },
    ],
  ],
  [
    'manga_recommended',
    () => 'manga_recommended?page=2',
    () => [
      '/v1/manga/recommended',
      {
        content_type: 'manga',
        include_ranking_label: true,
        filter: 'for_ios',
        include_ranking_illusts: false,
        offset: 30,
      },
    ],
  ],
];

describe('mirror routes map onto the app API', () => {
  itMapsOntoTheAppApi(CASES, () => ({ t, direct }));

  itRejectsWhatHibiApiRejects(
    [
      'search',
      'search?word=a&mode=fuzzy',
      'member',
      'member_illust?id=1&illust_type=novel',
      'ugoira_metadata?id=x',
    ],
    () => ({ t, direct }),
  );

  it('answers restrict=private with the private lists, which the public ones do not hold', async () => {
    const get = async (url: string) => (await t.app.inject({ url: `/api/pixiv/${url}` })).json();
    const marked = (await get(`favorite?id=${me}&restrict=private`)).illusts;
    expect(marked).toHaveLength(3);
    expect((await get(`favorite?id=${me}`)).illusts).toEqual([]);
    const followed = (await get(`following?id=${me}&restrict=private`)).user_previews;
    expect(followed.map((p: { user: { id: number } }) => p.user.id)).toEqual([userId]);
  });

  it('ranks mode week of the latest published day (JST) by default', async () => {
    const from = t.sandbox.state.faults.log.length;
    const res = await t.app.inject({ url: '/api/pixiv/rank' });
    expect(res.statusCode).toBe(200);
    const date = latestRankingDate();
    expect(upstreamQueries(t, '/v1/illust/ranking', from)).toEqual([
      { mode: 'week', date, offset: '0' },
    ]);
    const expected = await direct.get('/v1/illust/ranking', { mode: 'week', date, offset: 0 });
    // the sandbox's clock is TEST_NOW while the default follows the real one: whatever upstream
    // answers for that day, the mirror answers it
    expect(res.json()).toEqual(expected.body);
  });

  it('caches searches for an hour and new works for ten minutes', async () => {
    // fresh loads: the table above cached some of these a while ago
    const headers = { 'cache-control': 'no-cache' };
    const search = await t.app.inject({
      url: `/api/pixiv/search?word=${encodeURIComponent('花')}`,
      headers,
    });
    expectMaxAge(search.headers['cache-control'], 3600);
    const latest = await t.app.inject({ url: '/api/pixiv/illust_new', headers });
    expectMaxAge(latest.headers['cache-control'], 600);
    const related = await t.app.inject({ url: `/api/pixiv/related?id=${illustId}`, headers });
    expectMaxAge(related.headers['cache-control'], 172800);
    const member = await t.app.inject({
      url: `/api/pixiv/member?id=${DEMO_ACCOUNTS[0]!.userId}`,
      headers,
    });
    expectMaxAge(member.headers['cache-control'], 86400);
    const recommended = await t.app.inject({ url: '/api/pixiv/illust_recommended', headers });
    expectMaxAge(recommended.headers['cache-control'], 43200);
  });
});

describe('favorite and favorite_novel pass other parameters on, safely', () => {
  const q = encodeURIComponent;
  const BOOKMARKS = '/app-api.pixiv.net/v1/user/bookmarks/';

  it('forwards up to 8 plain pairs to the fixed path, and favorite_novel does too', async () => {
    const extra = Array.from({ length: 7 }, (_, k) => `p${k}=v${k}`).join('&');
    const long = 'a'.repeat(PASSTHROUGH_MAX_VALUE_LENGTH);
    const from = t.sandbox.state.faults.log.length;
    const res = await t.app.inject({ url: `/api/pixiv/favorite?id=${me}&${extra}&long=${long}` });
    expect(res.statusCode).toBe(200);
    expect(upstreamQueries(t, '/v1/user/bookmarks/illust', from)).toEqual([
      {
        ...Object.fromEntries(Array.from({ length: 7 }, (_, k) => [`p${k}`, `v${k}`])),
        long,
        user_id: String(me),
        restrict: 'public',
      },
    ]);
    const novels = await t.app.inject({
      url: `/api/pixiv/favorite_novel?id=${me}&max_bookmark_id=0&_t=17&offset=0`,
    });
    expect(novels.statusCode).toBe(200);
    expect(upstreamQueries(t, '/v1/user/bookmarks/novel', from)).toEqual([
      { _t: '17', offset: '0', user_id: String(me), restrict: 'public' },
    ]);
    expect(novels.json()).toEqual(
      (
        await direct.get('/v1/user/bookmarks/novel', {
          _t: 17,
          offset: 0,
          user_id: me,
          restrict: 'public',
        })
      ).body,
    );
  });

  it('refuses hosts, paths, other queries, odd names, repeats and oversized ones before upstream', async () => {
    const refused: [string, string][] = [
      [`next=${q('https://evil.example/v1/user/me/state')}`, 'next'],
      [`x=${q('//evil.example')}`, 'x'],
      [`x=${q('a@evil.example')}`, 'x'],
      [`x=${q('app-api.pixiv.net:443')}`, 'x'],
      [`x=${q('../../v1/user/me/state')}`, 'x'],
      [`x=${q('%2e%2e')}`, 'x'],
      [`x=${q('1&user_id=2')}`, 'x'],
      [`x=${q('1#frag')}`, 'x'],
      [`x=${q('a\\b')}`, 'x'],
      [`x=${q('line\nbreak')}`, 'x'],
      [`x=${'a'.repeat(PASSTHROUGH_MAX_VALUE_LENGTH + 1)}`, 'x'],
      ['x=1&x=2', 'x'],
      ['user_id=5', 'user_id'],
      ['__proto__=1', '__proto__'],
      [`${q('bad-key')}=1`, 'bad-key'],
      [`${q('https://evil.example')}=1`, 'https://evil.example'],
      [`k${'k'.repeat(32)}=1`, `k${'k'.repeat(32)}`],
      [Array.from({ length: PASSTHROUGH_MAX_PARAMS + 1 }, (_, k) => `p${k}=1`).join('&'), '*'],
    ];
    const from = t.sandbox.state.faults.log.length;
    for (const [extra, loc] of refused) {
      for (const name of ['favorite', 'favorite_novel']) {
        const res = await t.app.inject({ url: `/api/pixiv/${name}?id=${me}&${extra}` });
        expect(res.statusCode, `${name} ${extra}`).toBe(422);
        expect(res.json().validation, `${name} ${extra}`).toEqual([
          expect.objectContaining({ loc: ['query', loc], type: 'value_error.passthrough' }),
        ]);
      }
    }
    expect(t.sandbox.state.faults.log.slice(from).filter((u) => u.startsWith(BOOKMARKS))).toEqual(
      [],
    );
  });

  it('ignores unknown parameters everywhere else, as HibiAPI does', async () => {
    const from = t.sandbox.state.faults.log.length;
    const res = await t.app.inject({
      url: `/api/pixiv/member?id=${userId}&x=${q('https://evil.example/')}`,
      headers: { 'cache-control': 'no-cache' },
    });
    expect(res.statusCode).toBe(200);
    expect(upstreamQueries(t, '/v1/user/detail', from)).toEqual([{ user_id: String(userId) }]);
  });
});
