import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RawIllust, RawIllustListResponse } from '@pv/core';
import { buildSandboxApp, routeByHost } from '../../app.ts';
import { ILLUST_RANKING_MODES } from '../../data/ranking.ts';
import { TEST_NOW, demoAccessToken } from '../../test-helpers.ts';

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = buildSandboxApp({ now: TEST_NOW }).app;
  token = await demoAccessToken(app);
});
afterAll(() => app.close());

async function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({
    url: `/app-api.pixiv.net${url}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

describe('bearer checks', () => {
  it('answers 400 invalid_request without a token and 400 invalid_grant with a bad one', async () => {
    const none = await app.inject({ url: '/app-api.pixiv.net/v1/illust/ranking' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toMatch(/OAuth process.*invalid_request$/);
    const bad = await get('/v1/illust/ranking', { authorization: 'Bearer nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Error Message: invalid_grant$/);
    expect(Object.keys(bad.json().error).sort()).toEqual([
      'message',
      'reason',
      'user_message',
      'user_message_details',
    ]);
  });
});

describe('/v1/illust/ranking', () => {
  it('pages 30 works at a time with next_url on the real origin, then an empty list', async () => {
    const first = (
      await get('/v1/illust/ranking?mode=day&date=2026-11-19&filter=for_android')
    ).json() as RawIllustListResponse;
    expect(first.illusts).toHaveLength(30);
    const next = new URL(first.next_url!);
    expect(next.origin).toBe('https://app-api.pixiv.net');
    expect(next.pathname).toBe('/v1/illust/ranking');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      mode: 'day',
      date: '2026-11-19',
      filter: 'for_android',
      offset: '30',
    });

    let url: string | null = first.next_url;
    const seen = new Set(first.illusts.map((i) => i.id));
    while (url) {
      const u = new URL(url);
      const page = (await get(`${u.pathname}${u.search}`)).json() as RawIllustListResponse;
      for (const i of page.illusts) seen.add(i.id);
      url = page.next_url;
    }
    expect(seen.size).toBeGreaterThan(300);
    expect(seen.size).toBeLessThanOrEqual(500);
    const past = (await get('/v1/illust/ranking?mode=day&date=2026-11-19&offset=600')).json();
    expect(past).toEqual({ illusts: [], next_url: null });
  });

  it('serves every mode with works that fit it', async () => {
    for (const [mode, rule] of Object.entries(ILLUST_RANKING_MODES)) {
      const body = (
        await get(`/v1/illust/ranking?mode=${mode}&date=2026-11-19`)
      ).json() as RawIllustListResponse;
      expect(body.illusts.length, mode).toBeGreaterThan(0);
      for (const i of body.illusts) {
        expect(i.x_restrict, mode).toBe(rule.xRestrict);
        expect(i.illust_ai_type === 2, mode).toBe(rule.ai === 'only');
        // manga modes hold manga only; the others mix the types (conformance/ranking-types)
        if (rule.manga) expect(i.type, mode).toBe('manga');
      }
    }
  });

  it('goes back to 2007-09-13, and has nothing before it or after the latest day', async () => {
    const first = (
      await get('/v1/illust/ranking?mode=day&date=2007-09-13')
    ).json() as RawIllustListResponse;
    expect(first.illusts.length).toBe(30);
    for (const i of first.illusts) expect(i.create_date <= '2007-09-13T23:59:59+09:00').toBe(true);
    expect((await get('/v1/illust/ranking?mode=day&date=2007-09-12')).json().illusts).toEqual([]);
    expect((await get('/v1/illust/ranking?mode=day&date=2026-11-20')).json().illusts).toEqual([]);
  });

  it('defaults to the latest published day and differs between days and modes', async () => {
    const ids = async (q: string) =>
      ((await get(`/v1/illust/ranking?${q}`)).json() as RawIllustListResponse).illusts.map(
        (i) => i.id,
      );
    expect(await ids('mode=day')).toEqual(await ids('mode=day&date=2026-11-19'));
    expect(await ids('mode=day&date=2026-11-18')).not.toEqual(
      await ids('mode=day&date=2026-11-19'),
    );
    expect(await ids('mode=week&date=2026-11-19')).not.toEqual(
      await ids('mode=day&date=2026-11-19'),
    );
  });

  it('publishes the next day at 14:00 JST while it runs, not only at its start', async () => {
    // A sandbox started before 14:00 JST serves through the afternoon, when the server asks for
    // yesterday's ranking: the clock that runs on decides, as for tokens.
    let now = Date.parse('2026-11-20T13:59:00+09:00');
    const built = buildSandboxApp({ now: () => now });
    try {
      const bearer = await demoAccessToken(built.app);
      const call = async (url: string) =>
        (
          await built.app.inject({ url, headers: { authorization: `Bearer ${bearer}` } })
        ).json() as { illusts?: { id: number }[]; novels?: { id: number }[] };
      const illusts = async (q: string) =>
        (await call(`/app-api.pixiv.net/v1/illust/ranking?${q}`)).illusts!.map((i) => i.id);
      const novels = async (q: string) =>
        (await call(`/app-api.pixiv.net/v1/novel/ranking?${q}`)).novels!.map((i) => i.id);
      const web = () =>
        built.app.inject({
          url: '/www.pixiv.net/ranking.php?format=json&mode=daily&date=20261119',
        });
      expect(await illusts('mode=day&date=2026-11-19')).toEqual([]);
      expect(await novels('mode=day&date=2026-11-19')).toEqual([]);
      expect((await web()).statusCode).toBe(404);
      expect(await illusts('mode=day')).toEqual(await illusts('mode=day&date=2026-11-18'));

      now = Date.parse('2026-11-20T14:00:00+09:00');
      const published = await illusts('mode=day&date=2026-11-19');
      expect(published).toHaveLength(30);
      expect(await illusts('mode=day')).toEqual(published);
      expect(await novels('mode=day&date=2026-11-19')).toHaveLength(30);
      expect((await web()).statusCode).toBe(200);
    } finally {
      await built.app.close();
    }
  });

  it('rejects a malformed date or offset with a 400 error body', async () => {
    expect((await get('/v1/illust/ranking?mode=day&date=yesterday')).statusCode).toBe(400);
    expect((await get('/v1/illust/ranking?mode=day&offset=-1')).statusCode).toBe(400);
  });
});

describe('/v1/illust/detail', () => {
  it('returns the work with detail-only fields', async () => {
    const ranked = (await get('/v1/illust/ranking?mode=day')).json() as RawIllustListResponse;
    const id = ranked.illusts[0]!.id;
    const res = await get(`/v1/illust/detail?illust_id=${id}`);
    expect(res.statusCode).toBe(200);
    const illust = res.json().illust as RawIllust;
    expect(illust.id).toBe(id);
    expect(typeof illust.total_comments).toBe('number');
    expect(illust.comment_access_control).toBe(0);
  });

  it('answers 404 with the localised user_message for a missing work', async () => {
    const ja = await get('/v1/illust/detail?illust_id=1');
    expect(ja.statusCode).toBe(404);
    expect(ja.json().error.user_message).toBe('該当作品は削除されたか、存在しない作品IDです。');
    const en = await get('/v1/illust/detail?illust_id=1', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.json().error.user_message).toBe(
      'The artwork has been deleted or the artwork ID does not exist.',
    );
  });

  it('hides R-18 works from an all-ages account as pixiv does', async () => {
    const r18 = (await get('/v1/illust/ranking?mode=day_r18')).json() as RawIllustListResponse;
    const id = r18.illusts[0]!.id;
    const safeToken = await demoAccessToken(app, 1);
    const res = await get(`/v1/illust/detail?illust_id=${id}`, {
      authorization: `Bearer ${safeToken}`,
    });
    const illust = res.json().illust as RawIllust;
    expect(illust.visible).toBe(false);
    expect(illust.image_urls.medium).toBe('https://s.pximg.net/common/images/limit_r18_360.png');
    expect(illust.user.name).toBe('');
  });
});

describe('unknown endpoints', () => {
  it('answer 404 with the end-point message', async () => {
    const res = await get('/v9/nothing', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.user_message).toBe("Specified end-point doesn't exist");
  });
});

describe('host routing', () => {
  it('maps absolute-form and Host-header requests onto the host prefixes', () => {
    expect(
      routeByHost('https://app-api.pixiv.net/v1/illust/detail?illust_id=1', 'app-api.pixiv.net'),
    ).toBe('/app-api.pixiv.net/v1/illust/detail?illust_id=1');
    expect(routeByHost('/v1/x', 'i.pximg.net:443')).toBe('/i.pximg.net/v1/x');
    expect(routeByHost('/i.pximg.net/a', 'i.pximg.net')).toBe('/i.pximg.net/a');
    expect(routeByHost('/v1/x', '127.0.0.1:8081')).toBe('/v1/x');
    expect(routeByHost('https://evil.example/v1/x', 'evil.example')).toBe(
      'https://evil.example/v1/x',
    );
  });

  it('serves requests by Host header', async () => {
    const byHost = await app.inject({
      url: '/v1/illust/ranking?mode=day',
      headers: { host: 'app-api.pixiv.net', authorization: `Bearer ${token}` },
    });
    expect(byHost.json().illusts).toHaveLength(30);
  });
});
