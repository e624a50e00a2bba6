import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAppApiClient,
  createOAuthClient,
  createRefreshTokenProvider,
  type AppApiClient,
} from '@pv/pixiv';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';

let t: TestServer;
let direct: AppApiClient;
let illustId: number;
let userId: number;
let ugoiraId: number;

beforeAll(async () => {
  t = await startTestServer();
  const oauth = createOAuthClient({ oauthBase: t.sandbox.hosts.oauth });
  direct = createAppApiClient({
    hosts: t.sandbox.hosts,
    auth: createRefreshTokenProvider({ oauth, refreshToken: DEMO_ACCOUNTS[0]!.refreshToken }),
  });
  const week = (await t.app.inject({ url: '/api/pixiv/rank?mode=week&date=2026-11-19' })).json();
  illustId = week.illusts[0].id;
  userId = week.illusts[0].user.id;
  ugoiraId = week.illusts.find((i: { type: string }) => i.type === 'ugoira').id;
});
afterAll(() => t.close());

/** Each mirror call and the app-API call it must make (conformance.md §2). */
const CASES: [string, () => string, () => [string, Record<string, unknown>]][] = [
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

/** max-age is the entry's remaining life: its full lifetime when fresh, a little less on a hit. */
function expectMaxAge(header: unknown, ttl: number) {
  const age = Number(/^max-age=(\d+)$/.exec(String(header))?.[1]);
  expect(age).toBeLessThanOrEqual(ttl);
  expect(age).toBeGreaterThan(ttl - 5);
}

describe('mirror routes map onto the app API', () => {
  for (const [name, mirror, upstream] of CASES) {
    it(name, async () => {
      const res = await t.app.inject({ url: `/api/pixiv/${mirror()}` });
      expect(res.statusCode).toBe(200);
      const [path, query] = upstream();
      const expected = await direct.get(path, query as Record<string, string | number | boolean>);
      expect(expected.status).toBe(200);
      expect(res.json()).toEqual(expected.body);
      expect(JSON.stringify(res.json())).not.toMatch(/"error":\{/);
    });
  }

  it('rejects what HibiAPI rejects', async () => {
    for (const url of [
      'search',
      'search?word=a&mode=fuzzy',
      'member',
      'member_illust?id=1&illust_type=novel',
      'ugoira_metadata?id=x',
    ]) {
      const res = await t.app.inject({ url: `/api/pixiv/${url}` });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().validation.length, url).toBeGreaterThan(0);
    }
  });

  it('caches searches for an hour and new works for ten minutes', async () => {
    const search = await t.app.inject({
      url: `/api/pixiv/search?word=${encodeURIComponent('花')}`,
    });
    expectMaxAge(search.headers['cache-control'], 3600);
    const latest = await t.app.inject({ url: '/api/pixiv/illust_new' });
    expectMaxAge(latest.headers['cache-control'], 600);
    const related = await t.app.inject({ url: `/api/pixiv/related?id=${illustId}` });
    expectMaxAge(related.headers['cache-control'], 172800);
    const member = await t.app.inject({ url: `/api/pixiv/member?id=${userId}` });
    expectMaxAge(member.headers['cache-control'], 86400);
    const recommended = await t.app.inject({ url: '/api/pixiv/illust_recommended' });
    expectMaxAge(recommended.headers['cache-control'], 43200);
  });
});
