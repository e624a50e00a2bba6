/**
 * Conformance, judged by pixiv.ts (Moebytes), for the account's actions and the lists that show
 * them: follows and bookmarks made for the demo account (it starts with none) must show, with
 * their fields, in pixiv.ts' following, follow-feed and bookmark calls, and its own bookmark
 * calls must meet pixiv's answer. Each test undoes what it did. The global fetch is wrapped to
 * rewrite pixiv's hosts to the sandbox.
 */
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pixivTs from 'pixiv.ts';
import type { RunningSandbox } from '../index.ts';
import type { Work } from '../data/dataset.ts';
import {
  DEMO_REFRESH_TOKEN,
  DEMO_USER_ID,
  appFormPost,
  interceptFetch,
  newestNovelWhere,
  newestWork,
  startConformanceSandbox,
} from './harness.ts';

// Loaded through Node's own require, as in pixiv-ts.test.ts.
const Pixiv = (createRequire(import.meta.url)('pixiv.ts') as typeof pixivTs).default;
type Client = Awaited<ReturnType<typeof Pixiv.refreshLogin>>;

let sandbox: RunningSandbox;
let pixiv: Client;
let restoreFetch: () => void;
let downloads: string;

const newest = (kind: Work['kind'], pages = 1) => newestWork(sandbox, kind, pages);
const formPost = (path: string, form: Record<string, string>) =>
  appFormPost(Pixiv.accessToken, path, form);

beforeAll(async () => {
  sandbox = await startConformanceSandbox();
  restoreFetch = interceptFetch(sandbox.baseUrl);
  pixiv = await Pixiv.refreshLogin(DEMO_REFRESH_TOKEN);
  downloads = mkdtempSync(join(tmpdir(), 'pv-conformance-'));
});
afterAll(async () => {
  restoreFetch();
  rmSync(downloads, { recursive: true, force: true });
  await sandbox.close();
});

describe('pixiv.ts actions against the sandbox', () => {
  // The demo account starts with no follows or bookmarks; it follows a novelist and bookmarks
  // one of their novels (plain form posts, see below), then lists them through pixiv.ts.
  it('user.following, novel.follow and user.bookmarksNovel list what the account follows and bookmarked', async () => {
    const novel = newestNovelWhere(
      sandbox,
      (n) => sandbox.state.indexes.worksOf(n.user.index).length > 0,
    );
    const author = novel.user;
    expect((await formPost('/v1/user/follow/add', { user_id: String(author.id) })).status).toBe(
      200,
    );
    const bookmark = { novel_id: String(novel.id), restrict: 'public' };
    expect((await formPost('/v2/novel/bookmark/add', bookmark)).status).toBe(200);
    try {
      const following = await pixiv.user.following({ user_id: DEMO_USER_ID });
      expect(following.user_previews.map((p) => p.user.id)).toEqual([author.id]);
      const preview = following.user_previews[0]!;
      expect(preview.user).toMatchObject({ name: author.name, account: author.account });
      expect(preview.user.is_followed).toBe(true);
      expect(preview.illusts.length).toBeGreaterThan(0);
      expect(preview.illusts.every((i) => i.user.id === author.id)).toBe(true);

      const feed = await pixiv.novel.follow();
      expect(feed.length).toBeGreaterThan(0);
      expect(feed.every((n) => n.user.id === author.id && typeof n.title === 'string')).toBe(true);
      expect(feed.map((n) => n.id)).toContain(novel.id);
      const dates = feed.map((n) => n.create_date);
      expect(dates).toEqual([...dates].sort().reverse());

      const bookmarks = await pixiv.user.bookmarksNovel({ user_id: DEMO_USER_ID });
      expect(bookmarks.map((n) => n.id)).toEqual([novel.id]);
      expect(bookmarks[0]).toMatchObject({
        title: novel.title,
        user: { id: author.id },
        is_bookmarked: true,
      });
      expect(bookmarks[0]!.text_length).toBeGreaterThan(0);
    } finally {
      await formPost('/v1/novel/bookmark/delete', { novel_id: String(novel.id) });
      await formPost('/v1/user/follow/delete', { user_id: String(author.id) });
    }
    expect((await pixiv.user.following({ user_id: DEMO_USER_ID })).user_previews).toEqual([]);
  });

  it('manga.detail reads a manga, and refuses an illustration as pixiv.ts does', async () => {
    const work = newest('manga', 2);
    const manga = await pixiv.manga.detail({ illust_id: work.id });
    expect(manga).toMatchObject({ id: work.id, type: 'manga', page_count: work.pageCount });
    expect(manga.meta_pages).toHaveLength(work.pageCount);
    await expect(pixiv.manga.detail({ illust_id: newest('illust').id })).rejects.toMatch(
      /not a manga/,
    );
  });

  it('illust.follow lists the works of the users the account follows, newest first', async () => {
    const creator = newest('illust').user;
    expect((await formPost('/v1/user/follow/add', { user_id: String(creator.id) })).status).toBe(
      200,
    );
    try {
      const feed = await pixiv.illust.follow({ user_id: DEMO_USER_ID });
      expect(feed.length).toBeGreaterThan(0);
      expect(feed.every((i) => i.user.id === creator.id && i.user.is_followed)).toBe(true);
      expect(feed[0]!.id).toBe(newest('illust').id);
      const dates = feed.map((i) => i.create_date);
      expect(dates).toEqual([...dates].sort().reverse());
    } finally {
      await formPost('/v1/user/follow/delete', { user_id: String(creator.id) });
    }
    expect(await pixiv.illust.follow({ user_id: DEMO_USER_ID })).toEqual([]);
  });

  // pixiv.ts' API.post() cannot make these actions on pixiv's protocol, for two reasons the
  // sandbox answers as pixiv's PHP back end would: it gives fetch the form as a string with no
  // content type, so the form goes out as text/plain and no field is read (the work is "not
  // found"); and once the client has made any GET, its shared header object also holds
  // `authorization`, so the post carries the token twice ("Bearer t, Bearer t"), which is no
  // bearer token at all. The calls answer pixiv's error bodies and is_bookmarked does not move;
  // a bookmark made as a form does show in pixiv.ts' is_bookmarked and bookmarksIllust.
  it('doBookmarkIllust and undoBookmarkIllust meet pixiv’s errors and change nothing; a real bookmark shows', async () => {
    const work = newest('illust');
    type Answer = { error?: { user_message: string; message: string } };
    const fresh = await Pixiv.refreshLogin(DEMO_REFRESH_TOKEN);
    const bookmark = () =>
      fresh.illust.doBookmarkIllust({
        illust_id: work.id,
        restrict: 'public',
      }) as unknown as Promise<Answer>;
    const unbookmark = () =>
      fresh.illust.undoBookmarkIllust({ illust_id: work.id }) as unknown as Promise<Answer>;
    const bookmarked = async () =>
      (await fresh.illust.detail({ illust_id: work.id })).is_bookmarked;

    // Before any GET: one token, but a text/plain form, so no illust_id is read.
    const textPlain = await bookmark();
    expect(textPlain.error?.user_message).toBe(
      'The artwork has been deleted or the artwork ID does not exist.',
    );
    expect(await bookmarked()).toBe(false);
    // After a GET: the token twice.
    const doubled = await bookmark();
    expect(doubled.error?.message).toMatch(/^Error occurred at the OAuth process/);
    expect(await bookmarked()).toBe(false);
    expect(await fresh.user.bookmarksIllust({ user_id: DEMO_USER_ID })).toEqual([]);

    // A bookmark made as pixiv's app makes it shows through pixiv.ts' reads, and pixiv.ts'
    // undo leaves it in place.
    const form = { illust_id: String(work.id), restrict: 'public' };
    expect((await formPost('/v2/illust/bookmark/add', form)).status).toBe(200);
    try {
      expect(await bookmarked()).toBe(true);
      const listed = await fresh.user.bookmarksIllust({ user_id: DEMO_USER_ID });
      expect(listed.map((i) => i.id)).toEqual([work.id]);
      expect(listed[0]).toMatchObject({ title: work.title, is_bookmarked: true });
      expect((await unbookmark()).error).toBeDefined();
      expect(await bookmarked()).toBe(true);
    } finally {
      await formPost('/v1/illust/bookmark/delete', { illust_id: String(work.id) });
    }
    expect(await bookmarked()).toBe(false);
  });

  it('util.downloadProfilePicture saves the author’s avatar from i.pximg.net', async () => {
    const work = newestWork(sandbox, 'illust');
    let illust = await pixiv.illust.detail({ illust_id: work.id });
    if (!work.user.avatarStem) {
      // pixiv.ts only downloads avatars on i.pximg.net; pick a work whose author has one.
      const d = sandbox.state.data;
      let i = d.firstIndexFrom(sandbox.state.now) - 1;
      while (d.work(i).xRestrict !== 0 || !d.work(i).user.avatarStem) i--;
      illust = await pixiv.illust.detail({ illust_id: d.ids[i]! });
    }
    expect(illust.user.profile_image_urls.medium).toMatch(
      /^https:\/\/i\.pximg\.net\/user-profile\//,
    );
    const file = await pixiv.util.downloadProfilePicture(illust, join(downloads, 'avatars'));
    expect(file).toBe(join(downloads, 'avatars', `${illust.user.name}.png`));
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(bytes.length).toBeGreaterThan(500);
  });
});
