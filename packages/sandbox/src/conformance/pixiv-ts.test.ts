/**
 * Conformance, judged by pixiv.ts (Moebytes): it reads keys of pixiv's answers without checking
 * them, so a missing key crashes the call; every call below succeeding with sane values is the
 * check. It uses the global fetch, which is wrapped to rewrite pixiv's hosts to the sandbox.
 */
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
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
  newestNovel as newestNovelOf,
  newestWork,
  startConformanceSandbox,
} from './harness.ts';

// Loaded through Node's own require, so the CommonJS default export is the same under any
// ESM interop.
const Pixiv = (createRequire(import.meta.url)('pixiv.ts') as typeof pixivTs).default;
type Client = Awaited<ReturnType<typeof Pixiv.refreshLogin>>;

let sandbox: RunningSandbox;
let pixiv: Client;
let restoreFetch: () => void;
let downloads: string;

const newest = (kind: Work['kind'], pages = 1) => newestWork(sandbox, kind, pages);
const newestNovel = (inSeries = false) => newestNovelOf(sandbox, inSeries);

// pixiv.ts' own post sends forms as text/plain (pixiv-ts-actions.test.ts), so the bookmark
// below is made with a plain form post and the client's token.
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

// Searches pass `en: true`: otherwise pixiv.ts sends any word with Latin letters to Bing's
// translator first, which would leave 127.0.0.1.
describe('pixiv.ts against the sandbox', () => {
  it('signs in with the refresh token through the OAuth host', () => {
    expect(Pixiv.accessToken).toMatch(/^\S{43}$/);
    expect(Pixiv.refreshToken).toBe(DEMO_REFRESH_TOKEN);
  });

  it('illust.get / detail, manga.get and getPages', async () => {
    const work = newest('illust');
    const illust = await pixiv.illust.get(work.id);
    expect(illust.id).toBe(work.id);
    expect(illust.title).toBe(work.title);
    const detail = await pixiv.illust.detail({ illust_id: work.id });
    expect(detail.id).toBe(work.id);
    expect(await pixiv.illust.getPages(detail)).toHaveLength(1);
    const mangaWork = newest('manga', 2);
    const manga = await pixiv.manga.get(mangaWork.id);
    expect(manga.id).toBe(mangaWork.id);
    expect(await pixiv.manga.getPages(manga)).toHaveLength(mangaWork.pageCount);
  });

  it('illust.ranking, recommended, new, popularPreview and trendingTags', async () => {
    const ranking = await pixiv.illust.ranking({ mode: 'week' });
    expect(ranking).toHaveLength(30);
    expect(pixiv.illust.nextURL).toMatch(/^https:\/\/app-api\.pixiv\.net\/v1\/illust\/ranking\?/);
    const recommended = await pixiv.illust.recommended();
    expect(recommended.length).toBeGreaterThan(0);
    const fresh = await pixiv.illust.new();
    expect(fresh.length).toBeGreaterThan(0);
    const word = newest('illust').tags[0]!.name;
    const popular = await pixiv.illust.popularPreview({ word });
    expect(popular.length).toBeGreaterThan(0);
    const trending = await pixiv.illust.trendingTags();
    expect(trending.trend_tags.length).toBeGreaterThan(0);
  });

  it('manga.recommended and manga.new', async () => {
    const recommended = await pixiv.manga.recommended();
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended.every((m) => m.type === 'manga')).toBe(true);
    const fresh = await pixiv.manga.new();
    expect(fresh.length).toBeGreaterThan(0);
  });

  it('search.illusts, users, autoComplete and autoCompleteV2', async () => {
    const work = newest('illust');
    const word = work.tags[0]!.name;
    const illusts = await pixiv.search.illusts({ word, en: true });
    expect(illusts.length).toBeGreaterThan(0);
    const users = await pixiv.search.users({ word: work.user.name, en: true });
    expect(users.user_previews.map((p) => p.user.id)).toContain(work.user.id);
    const v1 = await pixiv.search.autoComplete({ word: word.slice(0, 1), en: true });
    expect(Array.isArray(v1.search_auto_complete_keywords)).toBe(true);
    const v2 = await pixiv.search.autoCompleteV2({ word: word.slice(0, 1), en: true });
    expect(v2.tags.length).toBeGreaterThan(0);
  });

  it('user.get / detail, illusts and recommended', async () => {
    const creator = newest('illust').user;
    const detail = await pixiv.user.get(creator.id);
    expect(detail.user.id).toBe(creator.id);
    expect(detail.profile.total_illusts).toBeGreaterThan(0);
    const illusts = await pixiv.user.illusts({ user_id: creator.id });
    expect(illusts.length).toBeGreaterThan(0);
    expect(illusts.every((i) => i.user.id === creator.id)).toBe(true);
    const recommended = await pixiv.user.recommended();
    expect(recommended.user_previews.length).toBeGreaterThan(0);
  });

  // util.downloadZip and the ugoira downloads built on it never settle on Node 20, whatever the
  // server: pixiv-ts-web.test.ts checks the frames they extract from the sandbox's zip.
  it('ugoira.get and ugoira.metadata', async () => {
    const work = newest('ugoira');
    const meta = await pixiv.ugoira.get(work.id);
    expect(meta.ugoira_metadata.frames.length).toBeGreaterThan(0);
    expect(meta.ugoira_metadata.frames[0]!.file).toBe('000000.jpg');
    const again = await pixiv.ugoira.metadata({ illust_id: work.id });
    expect(again.ugoira_metadata.zip_urls.medium).toBe(meta.ugoira_metadata.zip_urls.medium);
    expect(again.ugoira_metadata.zip_urls.medium).toContain(`/${work.id}_ugoira600x600.zip`);
  });

  it('util.downloadIllust fetches every page from i.pximg.net with pixiv’s Referer', async () => {
    const single = await pixiv.illust.detail({ illust_id: newest('illust').id });
    const file = await pixiv.util.downloadIllust(single, join(downloads, 'single'), 'medium');
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const mangaWork = newest('manga', 2);
    const manga = await pixiv.illust.detail({ illust_id: mangaWork.id });
    await pixiv.util.downloadIllust(manga, join(downloads, 'multi'), 'large');
    expect(readdirSync(join(downloads, 'multi'))).toHaveLength(mangaWork.pageCount);
  });

  it('spotlight.articles', async () => {
    const articles = await pixiv.spotlight.articles();
    expect(articles.length).toBeGreaterThan(0);
    expect(articles[0]!.article_url).toMatch(/^https:\/\/www\.pixivision\.net\//);
  });
});

describe('negative controls: pixiv.ts sees pixiv’s errors', () => {
  it('a deleted work comes back as pixiv’s error body, which pixiv.ts cannot read', async () => {
    await expect(pixiv.illust.detail({ illust_id: 1 })).rejects.toThrow(TypeError);
  });

  it('a wrong refresh token gets the OAuth error body (no `response`)', async () => {
    await expect(Pixiv.refreshLogin('sbxWrongRefreshToken0000000000000000000000')).rejects.toThrow(
      /access_token/,
    );
  });
});

// Last: the novel endpoints, the newest part of the sandbox.
describe('pixiv.ts novel endpoints against the sandbox', () => {
  it('novel.get / detail, ranking, recommended, new, popularPreview and trendingTags', async () => {
    const novel = newestNovel();
    const got = await pixiv.novel.get(novel.id);
    expect(got.id).toBe(novel.id);
    const detail = await pixiv.novel.detail({ novel_id: novel.id });
    expect(detail.title).toBe(novel.title);
    expect((await pixiv.novel.ranking()).length).toBeGreaterThan(0);
    expect((await pixiv.novel.recommended()).length).toBeGreaterThan(0);
    expect((await pixiv.novel.new()).length).toBeGreaterThan(0);
    const popular = await pixiv.novel.popularPreview({ word: novel.tags[0]!.name });
    expect(popular.length).toBeGreaterThan(0);
    expect((await pixiv.novel.trendingTags()).trend_tags.length).toBeGreaterThan(0);
  });

  it('search.novels and user.novels', async () => {
    const novel = newestNovel(true);
    const found = await pixiv.search.novels({ word: novel.tags[0]!.name, en: true });
    expect(found.length).toBeGreaterThan(0);
    const own = await pixiv.user.novels({ user_id: novel.user.id });
    expect(own.map((n) => n.id)).toContain(novel.id);
  });
});

describe('pixiv.ts comment endpoints against the sandbox', () => {
  it('illust.comments and novel.comments list the v3 comments of a commented work and novel', async () => {
    const d = sandbox.state.data;
    let illustId = 0;
    for (let i = d.firstIndexFrom(sandbox.state.now) - 1; i >= 0 && !illustId; i--) {
      const w = d.work(i);
      if (w.xRestrict === 0 && w.comments >= 3) illustId = w.id;
    }
    const illust = await pixiv.illust.comments({ illust_id: illustId });
    expect(illust.comments.length).toBeGreaterThan(0);
    expect(typeof illust.comments[0]!.comment).toBe('string');
    expect(illust.comment_access_control).toBe(0);
    const novels = sandbox.state.novels;
    let novelId = 0;
    for (let i = novels.firstIndexFrom(sandbox.state.now) - 1; i >= 0 && !novelId; i--) {
      const n = novels.at(i);
      if (n.xRestrict === 0 && n.comments >= 3) novelId = n.id;
    }
    const novel = await pixiv.novel.comments({ novel_id: novelId });
    expect(novel.comments.length).toBeGreaterThan(0);
    expect(novel.comments.every((c) => typeof c.id === 'number')).toBe(true);
  });
});

// The relations, bookmark details, tags and ranges and the v1 series (hosts/app-api/
// user-relations.ts, bookmark-details.ts, bookmark-ranges.ts, novel-series-v1.ts).
describe('pixiv.ts relation and bookmark endpoints against the sandbox', () => {
  it('user.followers, user.myPixiv and user.followDetail', async () => {
    const popular = sandbox.state.data.allUsers[0]!;
    const followers = await pixiv.user.followers({ user_id: popular.id });
    expect(followers.user_previews).toHaveLength(30);
    expect(followers.next_url).toMatch(/[?&]offset=30(&|$)/);
    const friends = await pixiv.user.myPixiv({ user_id: DEMO_USER_ID });
    expect(friends.user_previews.length).toBeGreaterThan(0);
    const detail = await pixiv.user.followDetail({ user_id: popular.id });
    expect(detail).toEqual({ follow_detail: { is_followed: false, restrict: 'public' } });
  });

  it('illust.bookmarkDetail and illust.bookmarkTags follow a bookmark', async () => {
    const work = newest('manga');
    const added = await formPost('/v2/illust/bookmark/add', {
      illust_id: String(work.id),
      restrict: 'public',
      'tags[0]': 'pixiv.ts',
    });
    expect(added.status).toBe(200);
    const detail = await pixiv.illust.bookmarkDetail({ illust_id: work.id });
    expect(detail.bookmark_detail.is_bookmarked).toBe(true);
    expect(detail.bookmark_detail.restrict).toBe('public');
    expect(detail.bookmark_detail.tags).toContainEqual({ name: 'pixiv.ts', is_registered: true });
    const tags = await pixiv.illust.bookmarkTags({ user_id: DEMO_USER_ID });
    expect(tags).toEqual([{ name: 'pixiv.ts', count: 1 }]);
    expect(
      (await formPost('/v1/illust/bookmark/delete', { illust_id: String(work.id) })).status,
    ).toBe(200);
    const after = await pixiv.user.bookmarkDetail({ illust_id: work.id });
    expect(after.bookmark_detail.is_bookmarked).toBe(false);
  });

  it('novel.bookmarkDetail, user.bookmarkNovelTags, novel.series and both bookmarkRanges', async () => {
    const novel = newestNovel(true);
    const detail = await pixiv.novel.bookmarkDetail({ novel_id: novel.id });
    expect(detail.bookmark_detail.is_bookmarked).toBe(false);
    expect(await pixiv.user.bookmarkNovelTags({ user_id: DEMO_USER_ID })).toEqual([]);
    const series = await pixiv.novel.series({ series_id: novel.series!.id });
    expect(series.map((n) => n.id)).toContain(novel.id);
    const illustRanges = await pixiv.illust.bookmarkRanges({
      word: newest('illust').tags[0]!.name,
    });
    expect(illustRanges.bookmark_ranges.length).toBeGreaterThan(0);
    const novelRanges = await pixiv.novel.bookmarkRanges({ word: novel.tags[0]!.name });
    expect(novelRanges.bookmark_ranges.length).toBeGreaterThan(0);
  });
});

// The rest of pixiv.ts' calls that stay on pixiv's hosts: paging helpers and the mass download.
// Left out: search.moe (api.pixiv.moe) and util.translateTag/translateTitle for Latin words
// (Bing's translator), which leave pixiv; the www calls and the ugoira downloads are in
// pixiv-ts-web.test.ts.
describe('pixiv.ts paging helpers and downloads against the sandbox', () => {
  it('user.bookmarkIllustTags, util.multiCall and util.bookmarkMultiCall', async () => {
    expect(await pixiv.user.bookmarkIllustTags({ user_id: DEMO_USER_ID })).toEqual([]);
    const first = await pixiv.illust.ranking({ mode: 'week' });
    const page = { illusts: first, next_url: pixiv.illust.nextURL };
    type MultiCall = Parameters<typeof pixiv.util.multiCall>[0];
    // multiCall follows next_url twice, then lists the last page first (pixiv.ts' own way).
    const more = (await pixiv.util.multiCall(page as unknown as MultiCall, 2)) as { id: number }[];
    expect(more).toHaveLength(90);
    expect(more.map((i) => i.id)).not.toContain(first[0]!.id);
    const enough = (await pixiv.util.bookmarkMultiCall(page as unknown as MultiCall, 0, 30)) as {
      total_bookmarks: number;
    }[];
    expect(enough.length).toBeGreaterThanOrEqual(30);
  });

  it('util.downloadIllusts searches (without R-18) and downloads every result', async () => {
    // A word without Latin letters: pixiv.ts sends any other to Bing's translator first.
    const word = newest('illust').tags.find((t) => !/[a-z]/i.test(t.name))!.name;
    const files = await pixiv.util.downloadIllusts(word, join(downloads, 'mass'), 'square_medium');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
  }, 60_000);
});
