/**
 * The www routes pixiv.ts reads beyond the ajax work routes: `/ajax/novel/{id}`,
 * `/ajax/user/{id}` (`full=1`), `/rpc/cps.php` and the work page `/artworks/{id}`.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import { novelText } from '../../data/novel-text.ts';
import { testSandbox } from '../../test-helpers.ts';
import { detailUrls } from './web-json.ts';
import { session, wwwGet } from './test-www.ts';
import { USER_GONE_MESSAGE } from './user-profile.ts';

const { app, state } = testSandbox();
const get = wwwGet(app);

/** The newest novel (or work) passing `test`. */
function newestNovel(test: (n: ReturnType<typeof state.novels.at>) => boolean) {
  for (let i = state.novels.count - 1; i >= 0; i--) {
    const novel = state.novels.at(i);
    if (novel.created < state.now && test(novel)) return novel;
  }
  throw new Error('no such novel');
}

describe('GET /ajax/novel/{id}', () => {
  it('answers the web novel body with string ids and the text in pixiv markup', async () => {
    const novel = newestNovel(
      (n) => n.xRestrict === 0 && n.series !== null && n.uploadedImages > 0,
    );
    const { status, json } = await get<Record<string, unknown>>(`/ajax/novel/${novel.id}`);
    expect(status).toBe(200);
    expect(json.error).toBe(false);
    const body = json.body;
    expect(body).toMatchObject({
      id: String(novel.id),
      title: novel.title,
      userId: String(novel.user.id),
      userName: novel.user.name,
      xRestrict: 0,
      bookmarkCount: novel.bookmarks,
      isBookmarkable: false,
      bookmarkData: null,
    });
    expect(body.content).toBe(novelText(state.novels, novel).text);
    expect(body.content).toMatch(/\[uploadedimage:\d+\]/);
    expect(body.createDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(body.coverUrl).toMatch(/^https:\/\/(i|s)\.pximg\.net\//);
    const images = body.textEmbeddedImages as Record<string, { novelImageId: string }>;
    expect(Object.keys(images)).toHaveLength(novel.uploadedImages);
    expect(Object.values(images).every((i) => typeof i.novelImageId === 'string')).toBe(true);
    const nav = body.seriesNavData as { seriesId: string; order: number };
    expect(nav).toMatchObject({ seriesId: String(novel.series!.id), order: novel.series!.order });
    const own = body.userNovels as Record<string, { id: string } | null>;
    expect(own[String(novel.id)]).toMatchObject({ id: String(novel.id) });
    expect(Object.keys(own)).toHaveLength(state.novels.novelsOf(novel.user.index).length);
  });

  it('shows the account its novel bookmark; 400 for 0, 404 for an unknown id, 403 above the setting', async () => {
    const novel = newestNovel((n) => n.xRestrict === 0);
    state.social.bookmarkNovel(DEMO_ACCOUNTS[0]!.userId, novel.id, 'private');
    const mine = await get<{ bookmarkData: unknown }>(`/ajax/novel/${novel.id}`, session());
    expect(mine.json.body.bookmarkData).toMatchObject({ private: true });
    state.social.unbookmarkNovel(DEMO_ACCOUNTS[0]!.userId, novel.id);
    expect(await get('/ajax/novel/0')).toMatchObject({ status: 400, json: { error: true } });
    expect(await get('/ajax/novel/1')).toEqual({
      status: 404,
      json: { error: true, message: '', body: [] },
    });
    const r18 = newestNovel((n) => n.xRestrict === 1);
    expect((await get(`/ajax/novel/${r18.id}`)).status).toBe(403);
    expect((await get(`/ajax/novel/${r18.id}`, session())).status).toBe(200);
  });
});

describe('GET /ajax/user/{id}', () => {
  it('full=1 adds the profile to the card; without it the card alone, partial: 1', async () => {
    const user = state.data.allUsers[3]!;
    const full = await get<Record<string, unknown>>(`/ajax/user/${user.id}?full=1`);
    expect(full.status).toBe(200);
    expect(full.json.body).toMatchObject({
      userId: String(user.id),
      name: user.name,
      partial: 0,
      comment: user.comment,
      social: [],
      official: false,
      group: null,
    });
    for (const key of ['region', 'age', 'birthDay', 'gender', 'job']) {
      expect(Object.keys(full.json.body[key] as object)).toContain('privacyLevel');
    }
    expect((full.json.body.birthDay as { name: string }).name).toMatch(/^\d{2}月\d{2}日$/);
    expect(typeof full.json.body.following).toBe('number');
    const card = await get<Record<string, unknown>>(`/ajax/user/${user.id}`);
    expect(card.json.body.partial).toBe(1);
    expect(card.json.body).not.toHaveProperty('comment');
    expect(Object.keys(card.json.body)).toEqual(Object.keys(full.json.body).slice(0, 13));
  });

  it('follows the account: isFollowed; a demo account is a user too; 404 for nobody', async () => {
    const user = state.data.allUsers[5]!;
    state.social.follow(DEMO_ACCOUNTS[0]!.userId, user.id, 'public');
    const seen = await get<{ isFollowed: boolean }>(`/ajax/user/${user.id}?full=1`, session());
    expect(seen.json.body.isFollowed).toBe(true);
    state.social.unfollow(DEMO_ACCOUNTS[0]!.userId, user.id);
    const demo = await get<{ name: string }>(`/ajax/user/${DEMO_ACCOUNTS[1]!.userId}?full=1`);
    expect(demo.json.body.name).toBe(DEMO_ACCOUNTS[1]!.name);
    expect(await get('/ajax/user/99')).toEqual({
      status: 404,
      json: { error: true, message: USER_GONE_MESSAGE, body: [] },
    });
    expect((await get('/ajax/user/abc')).status).toBe(400);
  });
});

describe('GET /rpc/cps.php', () => {
  it('answers bare candidates: prefix, romaji and translation matches, counts as strings', async () => {
    const cps = async (qs: string) =>
      (await app.inject({ url: `/www.pixiv.net/rpc/cps.php?${qs}` })).json() as {
        candidates: {
          tag_name: string;
          access_count: string;
          tag_translation: string | null;
          type: string;
        }[];
      };
    const byName = await cps(`keyword=${encodeURIComponent('オリ')}`);
    expect(byName.candidates[0]).toMatchObject({ tag_name: 'オリジナル', type: 'prefix' });
    expect(byName.candidates[0]!.access_count).toMatch(/^[1-9]\d*$/);
    const byRomaji = await cps('keyword=orijin');
    expect(byRomaji.candidates).toContainEqual(
      expect.objectContaining({ tag_name: 'オリジナル', type: 'romaji' }),
    );
    const byTranslation = await cps('keyword=origin&lang=en');
    expect(byTranslation.candidates).toContainEqual({
      tag_name: 'オリジナル',
      access_count: String(state.indexes.withTag('オリジナル').length),
      tag_translation: 'original',
      type: 'tag_translation',
    });
    const counts = byName.candidates.map((c) => Number(c.access_count));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(await cps('keyword=')).toEqual({ candidates: [] });
    expect((await cps('keyword=zzzzqqq')).candidates).toEqual([]);
  });
});

describe('GET /artworks/{id}', () => {
  it('is HTML whose preload-data carries the ajax body, "regular" as pixiv.ts reads it', async () => {
    const work = state.data.work(state.data.firstIndexFrom(state.now) - 1);
    const res = await app.inject({ url: `/www.pixiv.net/artworks/${work.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const regular = res.body.match(/(?<="regular":")(.*?)(?=")/gm)?.[0];
    const x = work.xRestrict === 0;
    expect(regular).toBe(x ? detailUrls(work).regular : undefined);
    const content = /id="meta-preload-data" content='([^']*)'/.exec(res.body)![1]!;
    const preload = JSON.parse(
      content.replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&amp;', '&'),
    ) as {
      illust: Record<string, { illustId: string; title: string }>;
      user: Record<string, { userId: string }>;
    };
    expect(preload.illust[String(work.id)]).toMatchObject({
      illustId: String(work.id),
      title: work.title,
    });
    expect(preload.user[String(work.user.id)]).toMatchObject({ userId: String(work.user.id) });
    expect((await app.inject({ url: `/www.pixiv.net/en/artworks/${work.id}` })).statusCode).toBe(
      200,
    );
  });

  it('hides what the caller may not see ("regular":null); 404 for an unknown work', async () => {
    let r18 = state.data.firstIndexFrom(state.now) - 1;
    while (state.data.xRestrict[r18] !== 1) r18--;
    const work = state.data.work(r18);
    const anonymous = await app.inject({ url: `/www.pixiv.net/artworks/${work.id}` });
    expect(anonymous.body).toContain('"regular":null');
    const signedIn = await app.inject({
      url: `/www.pixiv.net/artworks/${work.id}`,
      headers: session(),
    });
    expect(signedIn.body).toContain(`"regular":"${detailUrls(work).regular}"`);
    expect((await app.inject({ url: '/www.pixiv.net/artworks/1' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/www.pixiv.net/artworks/x' })).statusCode).toBe(404);
  });
});
