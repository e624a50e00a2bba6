/**
 * Conformance, judged by pixiv-api-client (alphasp): it throws pixiv's error body on any non-2xx
 * answer, so every call below succeeding is the check, with sane values on top (ids match,
 * lists non-empty where the dataset has data). Its axios copy is pointed at the sandbox by an
 * interceptor; nothing leaves 127.0.0.1.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PixivApi from 'pixiv-api-client';
import { DEMO_ACCOUNTS } from '../accounts.ts';
import type { RunningSandbox } from '../index.ts';
import type { Work } from '../data/dataset.ts';
import {
  DEMO_REFRESH_TOKEN,
  DEMO_USER_ID,
  axiosOf,
  interceptAxios,
  newestNovel as newestNovelOf,
  newestWork,
  startConformanceSandbox,
} from './harness.ts';

type Json = Record<string, unknown>;
interface Item {
  id: number;
  type?: string;
  user: { id: number };
}
const items = (body: Json, key: string) => body[key] as Item[];
const ids = (body: Json, key: string) => items(body, key).map((i) => i.id);

let sandbox: RunningSandbox;
let api: PixivApi;
let restoreAxios: () => void;

const newest = (kind: Work['kind'], pages = 1) => newestWork(sandbox, kind, pages);
const newestNovel = (inSeries = false) => newestNovelOf(sandbox, inSeries);

beforeAll(async () => {
  sandbox = await startConformanceSandbox();
  restoreAxios = interceptAxios(axiosOf('pixiv-api-client'), sandbox.baseUrl);
  api = new PixivApi();
  await api.refreshAccessToken(DEMO_REFRESH_TOKEN);
});
afterAll(async () => {
  restoreAxios();
  await sandbox.close();
});

describe('pixiv-api-client against the sandbox', () => {
  it('refreshes the access token and keeps pixiv’s `response` object', () => {
    const auth = api.authInfo() as { access_token: string; user: { id: string } };
    expect(auth.access_token).toMatch(/^\S{43}$/);
    expect(auth.user.id).toBe(String(DEMO_USER_ID));
  });

  it('illustDetail, illustRelated and ugoiraMetaData', async () => {
    for (const work of [newest('illust'), newest('manga', 2), newest('ugoira')]) {
      const detail = await api.illustDetail(work.id);
      expect((detail.illust as Item).id).toBe(work.id);
      expect((detail.illust as Item).type).toBe(work.kind);
    }
    const seed = newest('illust');
    const related = await api.illustRelated(seed.id);
    expect(ids(related, 'illusts').length).toBeGreaterThan(0);
    expect(ids(related, 'illusts')).not.toContain(seed.id);
    const ugoira = await api.ugoiraMetaData(newest('ugoira').id);
    const meta = ugoira.ugoira_metadata as { frames: unknown[]; zip_urls: { medium: string } };
    expect(meta.frames.length).toBeGreaterThan(0);
    expect(meta.zip_urls.medium).toMatch(/_ugoira600x600\.zip$/);
  });

  it('illustRanking pages through next_url with requestUrl', async () => {
    const first = await api.illustRanking({ mode: 'week' });
    expect(items(first, 'illusts')).toHaveLength(30);
    const second = await api.requestUrl(first.next_url as string);
    expect(items(second, 'illusts')).toHaveLength(30);
    expect(ids(second, 'illusts')).not.toContain(ids(first, 'illusts')[0]);
    const r18 = await api.illustRanking({ mode: 'day_r18' });
    expect(items(r18, 'illusts').length).toBeGreaterThan(0);
  });

  it('illustRecommended, mangaRecommended, illustNew, mangaNew and illustWalkthrough', async () => {
    const recommended = await api.illustRecommended();
    expect(items(recommended, 'illusts').length).toBeGreaterThan(0);
    expect(Array.isArray(recommended.ranking_illusts)).toBe(true);
    const manga = await api.mangaRecommended();
    expect(items(manga, 'illusts').every((i) => i.type === 'manga')).toBe(true);
    const fresh = await api.illustNew();
    expect(items(fresh, 'illusts').length).toBeGreaterThan(0);
    expect(items(fresh, 'illusts').every((i) => i.type !== 'manga')).toBe(true);
    const freshManga = await api.mangaNew();
    expect(items(freshManga, 'illusts').length).toBeGreaterThan(0);
    expect(items(freshManga, 'illusts').every((i) => i.type === 'manga')).toBe(true);
    const walkthrough = await api.illustWalkthrough();
    expect(items(walkthrough, 'illusts').length).toBeGreaterThan(0);
  });

  it('searchIllust, searchIllustPopularPreview, autocomplete v1 and v2, trendingTagsIllust', async () => {
    const word = newest('illust').tags[0]!.name;
    const found = await api.searchIllust(word);
    expect(items(found, 'illusts').length).toBeGreaterThan(0);
    const popular = await api.searchIllustPopularPreview(word);
    expect(items(popular, 'illusts').length).toBeGreaterThan(0);
    const v1 = await api.searchAutoComplete(word.slice(0, 1));
    expect(Array.isArray(v1.search_auto_complete_keywords)).toBe(true);
    const v2 = await api.searchAutoCompleteV2(word.slice(0, 1));
    expect((v2.tags as unknown[]).length).toBeGreaterThan(0);
    const trending = await api.trendingTagsIllust();
    expect((trending.trend_tags as unknown[]).length).toBeGreaterThan(0);
  });

  it('userDetail, userIllusts, searchUser and userRecommended', async () => {
    const creator = newest('illust').user;
    const detail = await api.userDetail(creator.id);
    expect((detail.user as { id: number }).id).toBe(creator.id);
    const works = await api.userIllusts(creator.id);
    expect(ids(works, 'illusts').length).toBeGreaterThan(0);
    expect(items(works, 'illusts').every((i) => i.user.id === creator.id)).toBe(true);
    const users = await api.searchUser(creator.name);
    const previews = users.user_previews as { user: { id: number } }[];
    expect(previews.map((p) => p.user.id)).toContain(creator.id);
    const recommended = await api.userRecommended();
    expect((recommended.user_previews as unknown[]).length).toBeGreaterThan(0);
  });

  it('bookmarkIllust and unbookmarkIllust show in userBookmarksIllust', async () => {
    const work = newest('illust');
    await api.bookmarkIllust(work.id, 'public', ['client']);
    const listed = await api.userBookmarksIllust(DEMO_USER_ID, { tag: 'client' });
    expect(ids(listed, 'illusts')).toEqual([work.id]);
    await api.unbookmarkIllust(work.id);
    const after = await api.userBookmarksIllust(DEMO_USER_ID, { restrict: 'public' });
    expect(ids(after, 'illusts')).not.toContain(work.id);
  });

  it('followUser shows in userFollowing and illustFollow; unfollowUser removes it', async () => {
    const creator = newest('manga').user;
    await api.followUser(creator.id, 'public');
    const following = await api.userFollowing(DEMO_USER_ID);
    const previews = following.user_previews as { user: { id: number } }[];
    expect(previews.map((p) => p.user.id)).toEqual([creator.id]);
    const feed = await api.illustFollow();
    expect(items(feed, 'illusts').length).toBeGreaterThan(0);
    expect(items(feed, 'illusts').every((i) => i.user.id === creator.id)).toBe(true);
    await api.unfollowUser(creator.id);
    const after = await api.userFollowing(DEMO_USER_ID);
    expect(after.user_previews).toEqual([]);
  });
});

describe('pixiv-api-client PKCE sign-in against the sandbox', () => {
  it('redeems the code of a browser sign-in with tokenRequest, once', async () => {
    const verifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    // The browser part: the sign-in form of the login page, answered with the app's redirect.
    const signIn = await fetch(`${sandbox.hosts.appApi}/web/v1/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code_challenge: challenge,
        account: DEMO_ACCOUNTS[0]!.account,
        password: DEMO_ACCOUNTS[0]!.password,
      }).toString(),
    });
    expect(signIn.status).toBe(302);
    const code = new URL(signIn.headers.get('location')!).searchParams.get('code')!;

    const client = new PixivApi();
    const auth = (await client.tokenRequest(code, verifier)) as {
      access_token: string;
      user: { id: string };
    };
    expect(auth.user.id).toBe(String(DEMO_USER_ID));
    const ranking = await client.illustRanking();
    expect(items(ranking, 'illusts')).toHaveLength(30);
    await expect(new PixivApi().tokenRequest(code, verifier)).rejects.toMatchObject({
      has_error: true,
      error: 'invalid_grant',
    });
  });
});

describe('negative controls: the client sees pixiv’s errors', () => {
  it('a wrong refresh token is refused with pixiv’s OAuth error body', async () => {
    const other = new PixivApi();
    await expect(
      other.refreshAccessToken('sbxWrongRefreshToken0000000000000000000000'),
    ).rejects.toEqual({
      has_error: true,
      errors: { system: { message: 'Invalid refresh token', code: 1508 } },
      error: 'invalid_grant',
    });
  });

  it('a call with a wrong access token throws the app API’s OAuth error', async () => {
    const stale = new PixivApi();
    await expect(
      stale.requestUrl('/v1/illust/ranking', { headers: { Authorization: 'Bearer nope' } }),
    ).rejects.toMatchObject({
      error: { message: expect.stringMatching(/Error Message: invalid_grant$/) as unknown },
    });
    await expect(stale.illustRanking()).rejects.toMatchObject({
      error: { message: expect.stringMatching(/Error Message: invalid_request$/) as unknown },
    });
  });

  it('a deleted work throws the localised 404 body', async () => {
    await expect(api.illustDetail(1)).rejects.toMatchObject({
      error: { user_message: 'The artwork has been deleted or the artwork ID does not exist.' },
    });
  });
});

// Last: the novel endpoints, the newest part of the sandbox.
describe('pixiv-api-client novel endpoints against the sandbox', () => {
  it('novelDetail, novelText (the webview page), novelRanking, novelRecommended, novelNew', async () => {
    const novel = newestNovel(true);
    const detail = await api.novelDetail(novel.id);
    expect((detail.novel as Item).id).toBe(novel.id);
    // novelText reads the webview page with the regex /novel:\s({.+}),/.
    const text = (await api.novelText(novel.id)) as { id: string; title: string; text: string };
    expect(text.id).toBe(String(novel.id));
    expect(text.title).toBe(novel.title);
    expect(text.text.length).toBeGreaterThan(0);
    const raw = await api.novelWebview(novel.id, true);
    expect(typeof raw).toBe('string');
    const ranking = await api.novelRanking();
    expect(items(ranking, 'novels').length).toBeGreaterThan(0);
    const recommended = await api.novelRecommended();
    expect(items(recommended, 'novels').length).toBeGreaterThan(0);
    const fresh = await api.novelNew();
    expect(items(fresh, 'novels').length).toBeGreaterThan(0);
  });

  it('searchNovel, searchNovelPopularPreview, trendingTagsNovel and userNovels', async () => {
    const novel = newestNovel();
    const word = novel.tags[0]!.name;
    const found = await api.searchNovel(word);
    expect(items(found, 'novels').length).toBeGreaterThan(0);
    const popular = await api.searchNovelPopularPreview(word);
    expect(items(popular, 'novels').length).toBeGreaterThan(0);
    const trending = await api.trendingTagsNovel();
    expect((trending.trend_tags as unknown[]).length).toBeGreaterThan(0);
    const own = await api.userNovels(novel.user.id);
    expect(ids(own, 'novels')).toContain(novel.id);
  });

  it('bookmarkNovel and unbookmarkNovel show in userBookmarksNovel; novelFollow lists the followed', async () => {
    const novel = newestNovel();
    await api.bookmarkNovel(novel.id, 'private', ['client']);
    const listed = await api.userBookmarksNovel(DEMO_USER_ID, {
      restrict: 'private',
      tag: 'client',
    });
    expect(ids(listed, 'novels')).toEqual([novel.id]);
    await api.unbookmarkNovel(novel.id);
    const after = await api.userBookmarksNovel(DEMO_USER_ID, { restrict: 'private' });
    expect(ids(after, 'novels')).toEqual([]);

    await api.followUser(novel.user.id, 'public');
    const feed = await api.novelFollow();
    expect(ids(feed, 'novels')).toContain(novel.id);
    await api.unfollowUser(novel.user.id);
  });
});

// The relations, bookmark details, bookmark tags and ranges (hosts/app-api/user-relations.ts,
// bookmark-details.ts, bookmark-ranges.ts, novel-series-v1.ts).
describe('pixiv-api-client relations and bookmark details against the sandbox', () => {
  type Previews = { user_previews: { user: { id: number } }[]; next_url: string | null };

  it('userFollower pages through next_url and lists the account while it follows publicly', async () => {
    const creator = newest('illust').user;
    const before = (await api.userFollower(creator.id)) as Previews;
    expect(before.user_previews.map((p) => p.user.id)).not.toContain(DEMO_USER_ID);
    await api.followUser(creator.id, 'public');
    const detail = await api.userFollowDetail(creator.id);
    expect(detail).toEqual({ follow_detail: { is_followed: true, restrict: 'public' } });
    const after = (await api.userFollower(creator.id)) as Previews;
    expect(after.user_previews[0]!.user.id).toBe(DEMO_USER_ID);
    await api.unfollowUser(creator.id);
    // The most followed dataset user has more than a page of followers.
    const d = sandbox.state.data;
    const first = (await api.userFollower(d.allUsers[0]!.id)) as Previews;
    expect(first.user_previews).toHaveLength(30);
    const second = (await api.requestUrl(first.next_url!)) as Previews;
    expect(second.user_previews.length).toBeGreaterThan(0);
    expect(second.user_previews[0]!.user.id).not.toBe(first.user_previews[0]!.user.id);
  });

  it('userMyPixiv, illustMyPixiv and novelMyPixiv list the account’s friends and their works', async () => {
    const friends = (await api.userMyPixiv(DEMO_USER_ID)) as Previews;
    const ids = new Set(friends.user_previews.map((p) => p.user.id));
    expect(ids.size).toBeGreaterThan(0);
    const works = await api.illustMyPixiv();
    expect(items(works, 'illusts').length).toBeGreaterThan(0);
    expect(items(works, 'illusts').every((i) => ids.has(i.user.id))).toBe(true);
    const novels = await api.novelMyPixiv();
    expect(items(novels, 'novels').every((n) => ids.has(n.user.id))).toBe(true);
  });

  it('userState and aiShowSettings', async () => {
    const state = (await api.userState()) as { user_state: Record<string, boolean> };
    expect(Object.keys(state.user_state).sort()).toEqual([
      'can_change_pixiv_id',
      'has_changed_pixiv_id',
      'has_mail_address',
      'has_password',
      'is_mail_authorized',
      'is_user_restricted',
      'no_login_method',
      'require_policy_agreement',
    ]);
    expect(await api.aiShowSettings()).toEqual({ show_ai: true });
  });

  it('toggleAIShowSettings persists in aiShowSettings; sendAccountVerificationEmail', async () => {
    expect(await api.toggleAIShowSettings(false)).toEqual({});
    expect(await api.aiShowSettings()).toEqual({ show_ai: false });
    const hidden = await api.searchIllust('AIイラスト');
    expect(hidden.show_ai).toBe(false);
    expect(items(hidden, 'illusts')).toEqual([]);
    expect(await api.toggleAIShowSettings(true)).toEqual({});
    expect(await api.aiShowSettings()).toEqual({ show_ai: true });
    expect(items(await api.searchIllust('AIイラスト'), 'illusts').length).toBeGreaterThan(0);
    expect(await api.sendAccountVerificationEmail()).toEqual({});
  });

  it('the two routes pixiv answers without a token, through a client that never signed in', async () => {
    const anonymous = new PixivApi();
    const info = (await anonymous.requestUrl('/v1/application-info/android')) as {
      application_info: Record<string, unknown>;
    };
    expect(Object.keys(info.application_info).sort()).toEqual([
      'latest_version',
      'notice_exists',
      'notice_id',
      'notice_important',
      'notice_message',
      'store_url',
      'update_available',
      'update_message',
      'update_required',
    ]);
    // pixiv-api-client introduces itself as Android app 5.0.234: an app that must update.
    expect(info.application_info.update_required).toBe(true);
    const emoji = (await anonymous.requestUrl('/v1/emoji')) as {
      emoji_definitions: { id: number; slug: string; image_url_medium: string }[];
    };
    expect(emoji.emoji_definitions[0]).toEqual({
      id: 101,
      slug: 'normal',
      image_url_medium: 'https://s.pximg.net/common/images/emoji/128x128/101_128x128.png',
    });
    await expect(anonymous.aiShowSettings()).rejects.toMatchObject({
      error: { message: expect.stringMatching(/invalid_request$/) as unknown },
    });
  });

  it('illustBookmarkDetail, novelBookmarkDetail and the bookmark tags follow a bookmark', async () => {
    const work = newest('manga');
    await api.bookmarkIllust(work.id, 'private', ['detail']);
    const detail = (await api.illustBookmarkDetail(work.id)) as {
      bookmark_detail: { is_bookmarked: boolean; restrict: string; tags: Json[] };
    };
    expect(detail.bookmark_detail.is_bookmarked).toBe(true);
    expect(detail.bookmark_detail.restrict).toBe('private');
    expect(detail.bookmark_detail.tags).toContainEqual({ name: 'detail', is_registered: true });
    const tags = await api.userBookmarkIllustTags({ user_id: DEMO_USER_ID, restrict: 'private' });
    expect(tags).toEqual({ bookmark_tags: [{ name: 'detail', count: 1 }], next_url: null });
    await api.unbookmarkIllust(work.id);

    const novel = newestNovel();
    await api.bookmarkNovel(novel.id, 'public', ['detail']);
    const novelDetail = (await api.novelBookmarkDetail(novel.id)) as {
      bookmark_detail: { is_bookmarked: boolean };
    };
    expect(novelDetail.bookmark_detail.is_bookmarked).toBe(true);
    const novelTags = await api.userBookmarkNovelTags({ user_id: DEMO_USER_ID });
    expect(novelTags).toEqual({ bookmark_tags: [{ name: 'detail', count: 1 }], next_url: null });
    await api.unbookmarkNovel(novel.id);
  });

  it('searchIllustBookmarkRanges and searchNovelBookmarkRanges', async () => {
    type Ranges = { bookmark_ranges: { bookmark_num_min: string; bookmark_num_max: string }[] };
    const illust = (await api.searchIllustBookmarkRanges(newest('illust').tags[0]!.name)) as Ranges;
    expect(illust.bookmark_ranges.length).toBeGreaterThan(0);
    const novel = (await api.searchNovelBookmarkRanges(newestNovel().tags[0]!.name)) as Ranges;
    expect(novel.bookmark_ranges.length).toBeGreaterThan(0);
    for (const range of [...illust.bookmark_ranges, ...novel.bookmark_ranges]) {
      expect(range.bookmark_num_min).toMatch(/^\d+$/);
      expect(range.bookmark_num_max).toMatch(/^(\d+|\*)$/);
    }
  });

  it('novelSeries (v1) lists the series like /v2/novel/series', async () => {
    const novel = newestNovel(true);
    const series = await api.novelSeries(novel.series!.id);
    expect((series.novel_series_detail as { id: number }).id).toBe(novel.series!.id);
    expect(ids(series, 'novels')).toContain(novel.id);
  });

  it('an unknown user throws the localised 404 body', async () => {
    await expect(api.userFollower(1)).rejects.toMatchObject({
      error: { user_message: 'The user could not be found.' },
    });
  });
});
