import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RawIllust, RawIllustListResponse } from '@pv/core';
import { buildSandboxApp } from '../../app.ts';
import { TEST_NOW, demoAccessToken } from '../../test-helpers.ts';

let app: FastifyInstance;
let token: string;
let safeToken: string;

beforeAll(async () => {
  app = buildSandboxApp({ now: TEST_NOW }).app;
  token = await demoAccessToken(app);
  safeToken = await demoAccessToken(app, 1);
});
afterAll(() => app.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({
    url: `/app-api.pixiv.net${url}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}
const pathOf = (next: string) => {
  const u = new URL(next);
  expect(u.origin).toBe('https://app-api.pixiv.net');
  return `${u.pathname}${u.search}`;
};

describe('related, recommended, new, walkthrough', () => {
  it('relates works that share tags, 30 per page with next_url', async () => {
    const { body } = await get('/v1/illust/ranking?mode=day');
    const seed = body.illusts[0] as RawIllust;
    const related = (await get(`/v2/illust/related?illust_id=${seed.id}`))
      .body as RawIllustListResponse;
    expect(related.illusts).toHaveLength(30);
    const seedTags = new Set(seed.tags.map((t) => t.name));
    for (const i of related.illusts) expect(i.tags.some((t) => seedTags.has(t.name))).toBe(true);
    expect(related.illusts.map((i) => i.id)).not.toContain(seed.id);
    const next = (await get(pathOf(related.next_url!))).body as RawIllustListResponse;
    expect(next.illusts[0]!.id).not.toBe(related.illusts[0]!.id);
  });

  it('recommends illusts or manga with pixiv’s extra fields and cursor', async () => {
    const { body } = await get(
      '/v1/illust/recommended?content_type=illust&include_ranking_illusts=true',
    );
    expect(body.illusts).toHaveLength(30);
    expect(body.ranking_illusts.length).toBe(3);
    expect(body.contest_exists).toBe(false);
    expect(body.privacy_policy).toEqual({});
    expect(new URL(body.next_url).searchParams.get('offset')).toBe('30');
    expect(new URL(body.next_url).searchParams.has('max_bookmark_id_for_recommend')).toBe(true);
    for (const i of body.illusts as RawIllust[]) expect(i.type).not.toBe('manga');
    const manga = (await get('/v1/manga/recommended')).body;
    expect(manga.illusts.length).toBe(30);
    for (const i of manga.illusts as RawIllust[]) expect(i.type).toBe('manga');
  });

  it('lists new works newest first with a max_illust_id cursor', async () => {
    const first = (await get('/v1/illust/new?content_type=illust')).body as RawIllustListResponse;
    const ids = first.illusts.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const cursor = new URL(first.next_url!).searchParams.get('max_illust_id');
    expect(cursor).toBe(String(ids[ids.length - 1]));
    const second = (await get(pathOf(first.next_url!))).body as RawIllustListResponse;
    expect(second.illusts[0]!.id).toBeLessThan(ids[ids.length - 1]!);
    const manga = (await get('/v1/illust/new?content_type=manga')).body as RawIllustListResponse;
    expect(manga.illusts.length).toBe(30);
    for (const i of manga.illusts) expect(i.type).toBe('manga');
  });

  it('serves the walkthrough without a token', async () => {
    const res = await app.inject({ url: '/app-api.pixiv.net/v1/walkthrough/illusts' });
    expect(res.statusCode).toBe(200);
    expect(res.json().illusts.length).toBe(60);
    expect(res.json().next_url).toBeNull();
  });
});

describe('ugoira metadata', () => {
  it('gives the 600x600 zip URL and frames with delays', async () => {
    // the weekly ranking mixes every type: the first ugoira within its first pages
    let ugoira: RawIllust | undefined;
    for (let offset = 0; !ugoira && offset < 300; offset += 30) {
      const { body } = await get(`/v1/illust/ranking?mode=week&offset=${offset}`);
      ugoira = (body.illusts as RawIllust[]).find((i) => i.type === 'ugoira');
    }
    expect(ugoira).toBeDefined();
    const { body } = await get(`/v1/ugoira/metadata?illust_id=${ugoira!.id}`);
    expect(body.ugoira_metadata.zip_urls.medium).toMatch(
      new RegExp(
        `^https://i\\.pximg\\.net/img-zip-ugoira/img/\\d{4}/(\\d{2}/){5}${ugoira!.id}_ugoira600x600\\.zip$`,
      ),
    );
    expect(body.ugoira_metadata.frames[0]).toEqual({
      file: '000000.jpg',
      delay: expect.any(Number),
    });
    expect(body.ugoira_metadata.frames.length).toBeGreaterThanOrEqual(8);
  });
});

describe('users', () => {
  it('details a user with profile, publicity and workspace; lists their works', async () => {
    const author = ((await get('/v1/illust/ranking?mode=day')).body.illusts as RawIllust[])[0]!
      .user;
    const { body } = await get(`/v1/user/detail?user_id=${author.id}`);
    expect(body.user).toMatchObject({ id: author.id, name: author.name, account: author.account });
    expect(typeof body.user.comment).toBe('string');
    expect(body.profile.total_illusts + body.profile.total_manga).toBeGreaterThan(0);
    expect(Object.keys(body.profile_publicity)).toEqual([
      'gender',
      'region',
      'birth_day',
      'birth_year',
      'job',
      'pawoo',
    ]);
    expect(body.workspace.workspace_image_url).toBeNull();
    const works = (await get(`/v1/user/illusts?user_id=${author.id}&type=illust`)).body;
    expect(works.user.id).toBe(author.id);
    expect(works.illusts.length).toBeGreaterThan(0);
    for (const i of works.illusts as RawIllust[]) {
      expect(i.user.id).toBe(author.id);
      expect(i.type).not.toBe('manga');
    }
    expect((await get('/v1/user/detail?user_id=1')).status).toBe(404);
  });
});

describe('search', () => {
  it('matches tags partially and exactly, and by translation', async () => {
    const partial = (await get(`/v1/search/illust?word=${encodeURIComponent('猫')}`)).body;
    expect(partial.illusts.length).toBe(30);
    expect(partial.search_span_limit).toBe(31536000);
    for (const i of partial.illusts as RawIllust[])
      expect(i.tags.some((t) => t.name.includes('猫'))).toBe(true);
    const exact = (
      await get(
        `/v1/search/illust?word=${encodeURIComponent('猫')}&search_target=exact_match_for_tags`,
      )
    ).body;
    expect(exact.illusts.length).toBeGreaterThan(0);
    for (const i of exact.illusts as RawIllust[])
      expect(i.tags.some((t) => t.name === '猫')).toBe(true);
    const english = (await get('/v1/search/illust?word=cat&search_target=exact_match_for_tags'))
      .body;
    expect(english.illusts.map((i: RawIllust) => i.id)).toEqual(
      exact.illusts.map((i: RawIllust) => i.id),
    );
    const untranslated = (
      await get(
        '/v1/search/illust?word=cat&search_target=exact_match_for_tags&include_translated_tag_results=false',
      )
    ).body;
    expect(untranslated.illusts).toEqual([]);
  });

  it('sorts by date either way, and by popularity for premium accounts', async () => {
    const q = `/v1/search/illust?word=${encodeURIComponent('風景')}`;
    const desc = ((await get(q)).body.illusts as RawIllust[]).map((i) => i.create_date);
    expect(desc).toEqual([...desc].sort().reverse());
    const asc = ((await get(`${q}&sort=date_asc`)).body.illusts as RawIllust[]).map(
      (i) => i.create_date,
    );
    expect(asc).toEqual([...asc].sort());
    const popular = ((await get(`${q}&sort=popular_desc`)).body.illusts as RawIllust[]).map(
      (i) => i.total_bookmarks,
    );
    expect(popular).toEqual([...popular].sort((a, b) => b - a));
  });

  it('honours exclusions, date windows, durations, bookmark bounds and the AI switch', async () => {
    const word = encodeURIComponent('女の子 -猫');
    for (const i of (await get(`/v1/search/illust?word=${word}`)).body.illusts as RawIllust[]) {
      expect(i.tags.some((t) => t.name === '猫')).toBe(false);
    }
    const windowed = (
      await get(
        `/v1/search/illust?word=${encodeURIComponent('空')}&start_date=2020-01-01&end_date=2020-01-31`,
      )
    ).body;
    expect(windowed.illusts.length).toBeGreaterThan(0);
    for (const i of windowed.illusts as RawIllust[])
      expect(i.create_date.slice(0, 7)).toBe('2020-01');
    const week = (
      await get(`/v1/search/illust?word=${encodeURIComponent('空')}&duration=within_last_week`)
    ).body;
    expect(week.illusts.length).toBeGreaterThan(0);
    for (const i of week.illusts as RawIllust[])
      expect(Date.parse(i.create_date)).toBeGreaterThan(TEST_NOW - 8 * 86_400_000);
    const popular = (
      await get(`/v1/search/illust?word=${encodeURIComponent('空')}&bookmark_num_min=5000`)
    ).body;
    expect(popular.illusts.length).toBeGreaterThan(0);
    for (const i of popular.illusts as RawIllust[])
      expect(i.total_bookmarks).toBeGreaterThanOrEqual(5000);
    const noAi = (await get(`/v1/search/illust?word=AI&search_ai_type=1`)).body;
    expect(noAi.illusts.length).toBeGreaterThan(0);
    for (const i of noAi.illusts as RawIllust[]) expect(i.illust_ai_type).not.toBe(2);
    const withAi = (await get(`/v1/search/illust?word=AI&search_ai_type=0`)).body;
    expect((withAi.illusts as RawIllust[]).some((i) => i.illust_ai_type === 2)).toBe(true);
  });

  it('keeps R-18 works out of an all-ages account’s results', async () => {
    const { body } = await get('/v1/search/illust?word=R-18&search_target=exact_match_for_tags', {
      authorization: `Bearer ${safeToken}`,
    });
    expect(body.illusts).toEqual([]);
    const demo = (await get('/v1/search/illust?word=R-18&search_target=exact_match_for_tags')).body;
    expect(demo.illusts.length).toBeGreaterThan(0);
  });

  it('refuses offsets past 5000 and a missing word', async () => {
    expect((await get(`/v1/search/illust?word=a&offset=5030`)).status).toBe(400);
    expect((await get('/v1/search/illust')).status).toBe(400);
  });

  it('autocompletes (v1 and v2), previews popular works and lists trending tags', async () => {
    const v2 = (await get('/v2/search/autocomplete?word=cat', { 'accept-language': 'en' })).body;
    expect(v2.tags).toContainEqual({ name: '猫', translated_name: 'cat' });
    const v1 = (await get(`/v1/search/autocomplete?word=${encodeURIComponent('猫')}`)).body;
    expect(v1.search_auto_complete_keywords).toContain('猫');
    const preview = (
      await get(`/v1/search/popular-preview/illust?word=${encodeURIComponent('猫')}`)
    ).body;
    expect(preview.next_url).toBeUndefined();
    const marks = (preview.illusts as RawIllust[]).map((i) => i.total_bookmarks);
    expect(marks).toEqual([...marks].sort((a, b) => b - a));
    const trending = (await get('/v1/trending-tags/illust', { 'accept-language': 'en' })).body;
    expect(trending.trend_tags.length).toBeGreaterThan(10);
    expect(trending.trend_tags[0]).toEqual({
      tag: expect.any(String),
      translated_name: expect.anything(),
      illust: expect.any(Object),
    });
  });
});
