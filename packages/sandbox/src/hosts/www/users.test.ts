import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import { demoAccessToken, testSandbox } from '../../test-helpers.ts';
import { readWebFixture, shapeDifferences } from './test-shape.ts';
import { session, wwwGet } from './test-www.ts';

const { app, state } = testSandbox();

const [demo, safe] = [DEMO_ACCOUNTS[0]!, DEMO_ACCOUNTS[1]!];
const get = wwwGet(app);

/** Users ordered by how many works they have, most first. */
const byWorks = () =>
  state.data.allUsers
    .map((u) => ({ u, n: state.indexes.worksOf(u.index).length }))
    .sort((a, b) => b.n - a.n);

interface Thumb {
  id: string;
  tags: string[];
  xRestrict: number;
  bookmarkData: { id: string; private: boolean } | null;
}

describe('GET /ajax/user/{id}/following', () => {
  it('is account-only and lists the follows made through the app API, 24 a page', async () => {
    expect((await get(`/ajax/user/${demo.userId}/following`)).status).toBe(400);
    const followed = byWorks()
      .slice(0, 30)
      .map(({ u }) => u);
    const token = await demoAccessToken(app, 0);
    for (const u of followed) {
      const res = await app.inject({
        method: 'POST',
        url: '/app-api.pixiv.net/v1/user/follow/add',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `user_id=${u.id}&restrict=public`,
      });
      expect(res.statusCode).toBe(200);
    }
    const url = `/ajax/user/${demo.userId}/following?offset=0&limit=24&rest=show`;
    const page = await get<{
      users: { userId: string; following: boolean; illusts: Thumb[] }[];
      total: number;
    }>(url, session());
    expect(page.status).toBe(200);
    expect(page.json.body.total).toBe(30);
    expect(page.json.body.users).toHaveLength(24);
    // newest follow first
    expect(page.json.body.users[0]!.userId).toBe(String(followed.at(-1)!.id));
    expect(page.json.body.users.every((u) => u.following && u.illusts.length <= 4)).toBe(true);
    const rest = await get<{ users: unknown[] }>(
      `/ajax/user/${demo.userId}/following?offset=24&limit=24`,
      session(),
    );
    expect(rest.json.body.users).toHaveLength(6);
    // private follows are the owner's alone
    const hidden = await get<{ total: number }>(
      `/ajax/user/${demo.userId}/following?rest=hide`,
      session(),
    );
    expect(hidden.json.body.total).toBe(0);
    expect((await get(`/ajax/user/${demo.userId}/following?rest=hide`, session(safe))).status).toBe(
      400,
    );
    // the safe account sees no adult works on the cards
    const other = await get<{ users: { illusts: Thumb[] }[] }>(
      `/ajax/user/${demo.userId}/following?limit=30`,
      session(safe),
    );
    expect(other.json.body.users.flatMap((u) => u.illusts).every((t) => t.xRestrict === 0)).toBe(
      true,
    );
    for (const qs of ['limit=101', 'offset=-1', 'rest=all']) {
      expect((await get(`/ajax/user/${demo.userId}/following?${qs}`, session())).status, qs).toBe(
        400,
      );
    }
    expect((await get('/ajax/user/1/following', session())).status).toBe(404);
    for (const u of followed) state.social.unfollow(demo.userId, u.id);
  });
});

describe('GET /ajax/user/{id}/profile/all', () => {
  it('matches the capture: id→null maps, empty arrays when empty, bookmark counts', async () => {
    const prolific = byWorks()[0]!.u;
    const res = await get<Record<string, unknown>>(`/ajax/user/${prolific.id}/profile/all`);
    expect(res.status).toBe(200);
    const capture = readWebFixture('ajax_user_profile_all__Nandaka_PixivUtil2__all-14095911.json');
    // `pickup` is a list the author curates; sandbox users pick nothing. The capture's user had
    // no manga or novels, so those are `[]` there and id maps here (the quirk under test below).
    const emptyListOrMap = ['$.body.illusts', '$.body.manga', '$.body.novels'];
    expect(
      shapeDifferences(capture, res.json, { emptyListOrMap }).filter(
        (d) => !d.startsWith('$.body.pickup[]'),
      ),
    ).toEqual([]);
    const body = res.json.body as {
      illusts: Record<string, null>;
      manga: Record<string, null> | [];
      pickup: unknown[];
    };
    const own = Array.from(state.indexes.worksOf(prolific.index));
    const nonManga = own.filter((i) => state.data.kind[i] !== 1).map((i) => state.data.ids[i]!);
    expect(Object.keys(body.illusts).map(Number).sort()).toEqual(nonManga.sort());
    expect(Object.values(body.illusts).every((v) => v === null)).toBe(true);
    // a user with no manga gets []
    const noManga = state.data.allUsers.find((u) => {
      const works = Array.from(state.indexes.worksOf(u.index));
      return works.length > 0 && works.every((i) => state.data.kind[i] !== 1);
    })!;
    const empty = await get<{ manga: unknown }>(`/ajax/user/${noManga.id}/profile/all`);
    expect(empty.json.body.manga).toEqual([]);
    // bookmark counts of an account: private ones only for the owner
    state.social.bookmark(safe.userId, state.data.ids[10]!, 'public');
    state.social.bookmark(safe.userId, state.data.ids[11]!, 'private');
    const mine = await get<{ bookmarkCount: unknown }>(
      `/ajax/user/${safe.userId}/profile/all`,
      session(safe),
    );
    expect(mine.json.body.bookmarkCount).toEqual({
      public: { illust: 1, novel: 0 },
      private: { illust: 1, novel: 0 },
    });
    const theirs = await get<{ bookmarkCount: { private: { illust: number } } }>(
      `/ajax/user/${safe.userId}/profile/all`,
    );
    expect(theirs.json.body.bookmarkCount.private.illust).toBe(0);
    expect((await get('/ajax/user/1/profile/all')).status).toBe(404);
  });
});

describe('GET /ajax/user/{id}/illusts/tags and /illusts/tag', () => {
  it('counts the tags of the works and pages the works of one tag, 48 a page', async () => {
    const prolific = byWorks()[0]!.u;
    const tags = await get<{ tag: string; cnt: number; tag_translation: string }[]>(
      `/ajax/user/${prolific.id}/illusts/tags`,
      { ...session(), 'accept-language': 'en' },
    );
    expect(tags.status).toBe(200);
    const counts = tags.json.body.map((t) => t.cnt);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const top = tags.json.body[0]!;
    expect(typeof top.tag_translation).toBe('string');
    const list = await get<{ works: Thumb[]; total: number }>(
      `/ajax/user/${prolific.id}/illusts/tag?tag=${encodeURIComponent(top.tag)}&offset=0&limit=48`,
      session(),
    );
    expect(list.status).toBe(200);
    expect(list.json.body.total).toBe(top.cnt);
    expect(list.json.body.works).toHaveLength(Math.min(48, top.cnt));
    expect(list.json.body.works.every((w) => w.tags.includes(top.tag))).toBe(true);
    expect((await get(`/ajax/user/${prolific.id}/illusts/tag?limit=48`)).status).toBe(400);
    expect((await get(`/ajax/user/${prolific.id}/illusts/tag?tag=x&limit=101`)).status).toBe(400);
  });
});

describe('GET /ajax/user/{id}/illusts/bookmarks', () => {
  it('is account-only and lists the bookmarks newest first with the capture shape', async () => {
    expect((await get(`/ajax/user/${demo.userId}/illusts/bookmarks?rest=show`)).status).toBe(400);
    const ids = Array.from({ length: 50 }, (_, k) => state.data.ids[200 + k]!);
    for (const id of ids) state.social.bookmark(demo.userId, id, 'public', ['お気に入り']);
    state.social.bookmark(demo.userId, state.data.ids[300]!, 'private');
    const url = `/ajax/user/${demo.userId}/illusts/bookmarks?tag=&offset=0&limit=48&rest=show`;
    const page = await get<{ works: Thumb[]; total: number }>(url, session());
    expect(page.status).toBe(200);
    const capture = readWebFixture(
      'ajax_user_illusts_bookmarks__Nandaka_PixivUtil2__bookmarks-1039353.json',
    );
    expect(shapeDifferences(capture, page.json)).toEqual([]);
    expect(page.json.body.total).toBe(50);
    expect(page.json.body.works.map((w) => Number(w.id))).toEqual(ids.reverse().slice(0, 48));
    expect(page.json.body.works.every((w) => w.bookmarkData?.private === false)).toBe(true);
    const hidden = await get<{ works: Thumb[] }>(
      `/ajax/user/${demo.userId}/illusts/bookmarks?rest=hide`,
      session(),
    );
    expect(hidden.json.body.works.map((w) => Number(w.id))).toEqual([state.data.ids[300]]);
    expect(
      (await get(`/ajax/user/${demo.userId}/illusts/bookmarks?rest=hide`, session(safe))).status,
    ).toBe(400);
    const tagged = await get<{ total: number }>(
      `/ajax/user/${demo.userId}/illusts/bookmarks?tag=${encodeURIComponent('お気に入り')}`,
      session(),
    );
    expect(tagged.json.body.total).toBe(50);
  });
});
