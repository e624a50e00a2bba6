import { afterAll, beforeAll, describe, it } from 'vitest';
import type { AppApiClient } from '@pv/pixiv';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import type { TestServer } from '../../../test-helpers.ts';
import {
  expectMaxAge,
  itMapsOntoTheAppApi,
  itRejectsWhatHibiApiRejects,
  startMirrorTest,
  type MirrorCase,
} from './test-mirror.ts';

let t: TestServer;
let direct: AppApiClient;
let illustId: number;
let userId: number;
let ugoiraId: number;

beforeAll(async () => {
  ({ t, direct } = await startMirrorTest());
  const week = (await t.app.inject({ url: '/api/pixiv/rank?mode=week&date=2026-11-19' })).json();
  illustId = week.illusts[0].id;
  userId = week.illusts[0].user.id;
  ugoiraId = week.illusts.find((i: { type: string }) => i.type === 'ugoira').id;
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
    'search_autocomplete',
    () => `search_autocomplete?word=${encodeURIComponent('猫')}`,
    () => ['/v1/search/autocomplete', { word: '猫' }],
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

  it('caches searches for an hour and new works for ten minutes', async () => {
    const search = await t.app.inject({
      url: `/api/pixiv/search?word=${encodeURIComponent('花')}`,
    });
    expectMaxAge(search.headers['cache-control'], 3600);
    const latest = await t.app.inject({ url: '/api/pixiv/illust_new' });
    expectMaxAge(latest.headers['cache-control'], 600);
    const related = await t.app.inject({ url: `/api/pixiv/related?id=${illustId}` });
    expectMaxAge(related.headers['cache-control'], 172800);
    // A member no case above asked for: its entry is fresh, however long the table took.
    const member = await t.app.inject({ url: `/api/pixiv/member?id=${DEMO_ACCOUNTS[0]!.userId}` });
    expectMaxAge(member.headers['cache-control'], 86400);
    const recommended = await t.app.inject({ url: '/api/pixiv/illust_recommended' });
    expectMaxAge(recommended.headers['cache-control'], 43200);
  });
});
