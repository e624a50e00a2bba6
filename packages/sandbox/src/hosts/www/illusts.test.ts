import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import { demoAccessToken, testSandbox } from '../../test-helpers.ts';
import { FOLLOW_LATEST_PAGE } from './illusts.ts';
import { readWebFixture, shapeDifferences } from './test-shape.ts';
import { session, wwwGet } from './test-www.ts';

const { app, state } = testSandbox();

const [demo, safe] = [DEMO_ACCOUNTS[0]!, DEMO_ACCOUNTS[1]!];
const get = wwwGet(app);

/** The first work (by index) that satisfies a test. */
function findWork(test: (i: number) => boolean) {
  for (let i = 0; i < state.data.illustCount; i++) if (test(i)) return state.data.work(i);
  throw new Error('no such work');
}

interface Thumb {
  id: string;
  xRestrict: number;
  illustType: number;
  userId: string;
  bookmarkData: { id: string; private: boolean } | null;
}

describe('GET /ajax/illust/{id}', () => {
  it('answers every key path of the real captures with the same types, dates in UTC', async () => {
    const illust = findWork((i) => state.data.kind[i] === 0 && state.data.xRestrict[i] === 0);
    const ugoira = findWork((i) => state.data.kind[i] === 2 && state.data.xRestrict[i] === 0);
    for (const [work, fixture] of [
      [illust, 'ajax_illust__Nandaka_PixivUtil2__test-image-info-32039274.json'],
      [ugoira, 'ajax_illust__Nandaka_PixivUtil2__test-image-ugoira-46281014.json'],
    ] as const) {
      const res = await get(`/ajax/illust/${work.id}`, session());
      expect(res.status).toBe(200);
      const capture = readWebFixture<{ body: Record<string, unknown> }>(fixture);
      // The capture's tags have translations; ask in English so that ours do too.
      const en = await get(`/ajax/illust/${work.id}`, { ...session(), 'accept-language': 'en' });
      // `romaji` is optional per tag (pixiv-upstream.md §3: `romaji?`); the sandbox has none.
      const differences = shapeDifferences(capture, en.json);
      expect(differences.filter((d) => !d.startsWith('$.body.tags.tags[].romaji'))).toEqual([]);
      const body = res.json.body as Record<string, unknown> & { urls: Record<string, string> };
      expect(body.id).toBe(String(work.id));
      expect(body.userId).toBe(String(work.user.id));
      expect(body.createDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      expect(body.noLoginData).toBeUndefined();
      expect(body.urls.regular).toMatch(/^https:\/\/i\.pximg\.net\/img-master\/img\//);
      expect(body.urls.mini).toMatch(/^https:\/\/i\.pximg\.net\/c\/48x48\//);
      if (work.kind === 'ugoira') expect(body.urls.original).toMatch(/_ugoira0\.jpg$/);
      const userIllusts = body.userIllusts as Record<string, { id: string } | null>;
      expect(userIllusts[String(work.id)]).toMatchObject({ id: String(work.id) });
    }
  });

  it('404s with message "" for an unknown id and 400s 「不正なリクエストです。」 for 0', async () => {
    const unknown = await get('/ajax/illust/1');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: true, message: '', body: [] });
    for (const id of ['0', 'abc']) {
      const zero = await get(`/ajax/illust/${id}`);
      expect(zero.status).toBe(400);
      expect(zero.json).toEqual({ error: true, message: '不正なリクエストです。', body: [] });
    }
  });

  it('adds noLoginData for anonymous callers and hides what their setting hides', async () => {
    const work = findWork((i) => state.data.xRestrict[i] === 0);
    const anon = (await get(`/ajax/illust/${work.id}`)).json.body;
    expect(anon.noLoginData).toMatchObject({ zengoWorkData: expect.any(Object) });
    expect(anon.isBookmarkable).toBe(false);
    const r18 = findWork((i) => state.data.xRestrict[i] === 1);
    const hidden = (await get(`/ajax/illust/${r18.id}`, session(safe))).json.body;
    expect(hidden.urls).toEqual({
      mini: null,
      thumb: null,
      small: null,
      regular: null,
      original: null,
    });
    const shown = (await get(`/ajax/illust/${r18.id}`, session())).json.body;
    expect((shown.urls as { original: string }).original).toMatch(/img-original/);
  });

  it('shows a bookmark made through the app API as bookmarkData', async () => {
    const work = findWork((i) => i > 100 && state.data.xRestrict[i] === 0);
    const token = await demoAccessToken(app, 1);
    const add = await app.inject({
      method: 'POST',
      url: '/app-api.pixiv.net/v2/illust/bookmark/add',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `illust_id=${work.id}&restrict=private`,
    });
    expect(add.statusCode).toBe(200);
    const body = (await get(`/ajax/illust/${work.id}`, session(safe))).json.body;
    const mark = state.social.of(safe.userId).bookmarks.get(work.id)!;
    expect(body.bookmarkData).toEqual({ id: String(mark.id), private: true });
    expect((await get(`/ajax/illust/${work.id}`, session())).json.body.bookmarkData).toBeNull();
  });
});

describe('GET /ajax/illust/{id}/pages', () => {
  it('lists every page with its four urls', async () => {
    const manga = findWork((i) => state.data.kind[i] === 1 && state.data.xRestrict[i] === 0);
    const res = await get<{ urls: Record<string, string>; width: number }[]>(
      `/ajax/illust/${manga.id}/pages`,
    );
    expect(res.status).toBe(200);
    expect(res.json.body).toHaveLength(manga.pageCount);
    res.json.body.forEach((page, p) => {
      expect(Object.keys(page.urls)).toEqual(['thumb_mini', 'small', 'regular', 'original']);
      expect(page.urls.original).toMatch(new RegExp(`/${manga.id}_p${p}\\.(jpg|png)$`));
      expect(page.width).toBe(manga.width);
    });
    expect((await get('/ajax/illust/1/pages')).status).toBe(404);
    expect((await get('/ajax/illust/0/pages')).status).toBe(400);
  });
});

describe('GET /ajax/illust/discovery and /ajax/discovery/users', () => {
  it('gives max works of the mode, fresh each call', async () => {
    const a = await get<{ illusts: Thumb[] }>('/ajax/illust/discovery?mode=safe&max=18');
    expect(a.status).toBe(200);
    expect(a.json.body.illusts).toHaveLength(18);
    expect(a.json.body.illusts.every((t) => t.xRestrict === 0 && typeof t.id === 'string')).toBe(
      true,
    );
    const b = await get<{ illusts: Thumb[] }>('/ajax/illust/discovery?mode=safe&max=18');
    expect(b.json.body.illusts.map((t) => t.id)).not.toEqual(a.json.body.illusts.map((t) => t.id));
    const r18 = await get<{ illusts: Thumb[] }>(
      '/ajax/illust/discovery?mode=r18&max=10',
      session(),
    );
    expect(r18.json.body.illusts.length).toBeGreaterThan(0);
    expect(r18.json.body.illusts.every((t) => t.xRestrict > 0)).toBe(true);
    // anonymous callers never get R-18
    const anon = await get<{ illusts: Thumb[] }>('/ajax/illust/discovery?mode=r18&max=10');
    expect(anon.json.body.illusts).toEqual([]);
    for (const qs of ['mode=nsfw', 'max=0', 'max=101']) {
      expect((await get(`/ajax/illust/discovery?${qs}`)).status, qs).toBe(400);
    }
  });

  it('recommends users with their recent works among the thumbnails', async () => {
    const res = await get<{
      recommendedUsers: { userId: string; recentIllustIds: string[] }[];
      users: { userId: string; name: string }[];
      thumbnails: { illust: Thumb[] };
    }>('/ajax/discovery/users?limit=5');
    expect(res.status).toBe(200);
    const { recommendedUsers, users, thumbnails } = res.json.body;
    expect(recommendedUsers).toHaveLength(5);
    expect(users.map((u) => u.userId)).toEqual(recommendedUsers.map((u) => u.userId));
    const ids = new Set(thumbnails.illust.map((t) => t.id));
    for (const u of recommendedUsers) {
      expect(u.recentIllustIds.length).toBeGreaterThan(0);
      expect(u.recentIllustIds.length).toBeLessThanOrEqual(3);
      for (const id of u.recentIllustIds) expect(ids.has(id)).toBe(true);
    }
    expect((await get('/ajax/discovery/users?limit=abc')).status).toBe(400);
  });
});

describe('GET /ajax/follow_latest/illust', () => {
  it('is account-only: 400 for anonymous callers', async () => {
    const res = await get('/ajax/follow_latest/illust?p=1&mode=all');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: true, message: '不正なリクエストです。', body: [] });
  });

  it('pages the followed users works newest first, 30 a page, r18 mode only adult works', async () => {
    // the most prolific user, followed through the app API's state
    const prolific = state.data.allUsers
      .map((u) => ({ u, n: state.indexes.worksOf(u.index).length }))
      .sort((a, b) => b.n - a.n)[0]!;
    expect(prolific.n).toBeGreaterThan(FOLLOW_LATEST_PAGE);
    state.social.follow(demo.userId, prolific.u.id, 'private');
    const own = Array.from(state.indexes.worksOf(prolific.u.index))
      .reverse()
      .map((i) => state.data.ids[i]!);
    const p1 = await get<{
      page: { ids: number[]; isLastPage: boolean };
      thumbnails: { illust: Thumb[] };
    }>('/ajax/follow_latest/illust?p=1&mode=all', session());
    expect(p1.status).toBe(200);
    expect(p1.json.body.page.ids).toEqual(own.slice(0, FOLLOW_LATEST_PAGE));
    expect(p1.json.body.thumbnails.illust.map((t) => Number(t.id))).toEqual(p1.json.body.page.ids);
    const p2 = await get<{ page: { ids: number[] } }>('/ajax/follow_latest/illust?p=2', session());
    expect(p2.json.body.page.ids).toEqual(own.slice(FOLLOW_LATEST_PAGE, 2 * FOLLOW_LATEST_PAGE));
    const r18 = await get<{ thumbnails: { illust: Thumb[] } }>(
      '/ajax/follow_latest/illust?p=1&mode=r18',
      session(),
    );
    expect(r18.json.body.thumbnails.illust.every((t) => t.xRestrict > 0)).toBe(true);
    expect((await get('/ajax/follow_latest/illust?mode=safe', session())).status).toBe(400);
    state.social.unfollow(demo.userId, prolific.u.id);
  });
});

describe('GET /ajax/illust/new', () => {
  it('gives the newest 20 by default, pages by lastId, filters type and r18', async () => {
    const first = await get<{ illusts: Thumb[]; lastId: string }>('/ajax/illust/new?type=illust');
    expect(first.status).toBe(200);
    const ids = first.json.body.illusts.map((t) => Number(t.id));
    expect(ids).toHaveLength(20);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(first.json.body.lastId).toBe(String(ids.at(-1)));
    expect(first.json.body.illusts.every((t) => t.xRestrict === 0 && t.illustType !== 1)).toBe(
      true,
    );
    const next = await get<{ illusts: Thumb[] }>(
      `/ajax/illust/new?lastId=${first.json.body.lastId}&limit=5&type=illust`,
    );
    expect(next.json.body.illusts).toHaveLength(5);
    expect(Number(next.json.body.illusts[0]!.id)).toBeLessThan(ids.at(-1)!);
    const manga = await get<{ illusts: Thumb[] }>('/ajax/illust/new?type=manga&limit=10');
    expect(manga.json.body.illusts.every((t) => t.illustType === 1)).toBe(true);
    const r18 = await get<{ illusts: Thumb[] }>('/ajax/illust/new?r18=true', session());
    expect(r18.json.body.illusts.length).toBe(20);
    expect(r18.json.body.illusts.every((t) => t.xRestrict > 0)).toBe(true);
    const safeR18 = await get<{ illusts: Thumb[] }>('/ajax/illust/new?r18=true', session(safe));
    expect(safeR18.json.body.illusts).toEqual([]);
    for (const qs of ['limit=21', 'limit=0', 'type=novel', 'r18=yes', 'lastId=-1']) {
      expect((await get(`/ajax/illust/new?${qs}`)).status, qs).toBe(400);
    }
  });
});
