import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../../app.ts';
import { TEST_NOW, demoAccessToken } from '../../test-helpers.ts';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import { ACCOUNT_FRIENDS, followGraph } from '../../data/followers.ts';

const { app, state } = buildSandboxApp({ now: TEST_NOW, illustCount: 5_000, userCount: 400 });
let token = '';
let safe = '';
beforeAll(async () => {
  await app.ready();
  token = await demoAccessToken(app, 0);
  safe = await demoAccessToken(app, 1);
});
afterAll(() => app.close());

interface Preview {
  user: { id: number; is_followed: boolean };
  illusts: { id: number; x_restrict: number }[];
}
interface Page {
  user_previews: Preview[];
  next_url: string | null;
}

const call = (path: string, as = token) =>
  app.inject({ url: `/app-api.pixiv.net${path}`, headers: { authorization: `Bearer ${as}` } });
const get = async <T = Page>(path: string, as = token) => (await call(path, as)).json() as T;
const post = (path: string, form: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `/app-api.pixiv.net${path}`,
    payload: new URLSearchParams(form).toString(),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
  });

/** Every page of a user_previews list, following next_url. */
async function all(path: string): Promise<number[]> {
  const ids: number[] = [];
  let url: string | null = `https://app-api.pixiv.net${path}`;
  while (url) {
    const page: Page = await get(url.replace('https://app-api.pixiv.net', ''));
    ids.push(...page.user_previews.map((p) => p.user.id));
    url = page.next_url;
  }
  return ids;
}

const graph = () => followGraph(state.data);
const users = () => state.data.allUsers;
/** The dataset user with the most followers (several pages of them). */
const popular = () => {
  let best = 0;
  for (let u = 0; u < users().length; u++)
    if (graph().followers(u).length > graph().followers(best).length) best = u;
  return users()[best]!;
};
const me = DEMO_ACCOUNTS[0]!.userId;

describe('/v1/user/follower', () => {
  it('lists the dataset users who follow the user, 30 a page by offset, empty past the end', async () => {
    const user = popular();
    const expected = graph()
      .followers(user.index)
      .map((i) => users()[i]!.id);
    expect(expected.length).toBeGreaterThan(60);
    const first = await get(`/v1/user/follower?user_id=${user.id}`);
    expect(first.user_previews).toHaveLength(30);
    expect(first.next_url).toBe(
      `https://app-api.pixiv.net/v1/user/follower?user_id=${user.id}&offset=30`,
    );
    expect(await all(`/v1/user/follower?user_id=${user.id}`)).toEqual(expected);
    // Each follower's own follows name the user.
    for (const id of expected) {
      expect(graph().follows(state.data.user(id)!.index)).toContain(user.index);
    }
    const past = await get(`/v1/user/follower?user_id=${user.id}&offset=${expected.length + 30}`);
    expect(past).toEqual({ user_previews: [], next_url: null });
  });

  it('puts a demo account that follows publicly first, not a private follow, and drops it on unfollow', async () => {
    const user = users()[5]!;
    const before = await all(`/v1/user/follower?user_id=${user.id}`);
    expect(before).not.toContain(me);
    await post('/v1/user/follow/add', { user_id: String(user.id), restrict: 'public' });
    const after = await all(`/v1/user/follower?user_id=${user.id}`);
    expect(after).toEqual([me, ...before]);
    await post('/v1/user/follow/add', { user_id: String(user.id), restrict: 'private' });
    expect(await all(`/v1/user/follower?user_id=${user.id}`)).toEqual(before);
    await post('/v1/user/follow/delete', { user_id: String(user.id) });
    expect(await all(`/v1/user/follower?user_id=${user.id}`)).toEqual(before);
  });

  it('answers 404 for an unknown user, 400 for a bad offset, and an empty list for an account', async () => {
    const missing = await call('/v1/user/follower?user_id=1');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: {
        user_message: 'ユーザーが見つかりませんでした',
        message: '',
        reason: '',
        user_message_details: {},
      },
    });
    expect((await call(`/v1/user/follower?user_id=${popular().id}&offset=x`)).statusCode).toBe(400);
    expect(await get(`/v1/user/follower?user_id=${me}`)).toEqual({
      user_previews: [],
      next_url: null,
    });
    const anonymous = await app.inject({
      url: `/app-api.pixiv.net/v1/user/follower?user_id=${me}`,
    });
    expect(anonymous.statusCode).toBe(400);
  });
});

describe('My pixiv', () => {
  it('/v1/user/mypixiv of a dataset user lists the mutual follows', async () => {
    let u = 0;
    while (graph().mutual(u).length === 0) u++;
    const user = users()[u]!;
    const ids = await all(`/v1/user/mypixiv?user_id=${user.id}`);
    const mutual = graph()
      .mutual(u)
      .map((i) => users()[i]!.id);
    expect(ids.filter((id) => !DEMO_ACCOUNTS.some((a) => a.userId === id))).toEqual(mutual);
    for (const id of mutual) {
      const friend = state.data.user(id)!.index;
      expect(graph().follows(friend)).toContain(u);
      expect(graph().follows(u)).toContain(friend);
    }
  });

  it('an account has its friends, and each friend lists the account back', async () => {
    const ids = await all(`/v1/user/mypixiv?user_id=${me}`);
    expect(ids).toHaveLength(ACCOUNT_FRIENDS);
    for (const id of ids) expect(await all(`/v1/user/mypixiv?user_id=${id}`)).toContain(me);
    expect((await call('/v1/user/mypixiv?user_id=abc')).statusCode).toBe(404);
  });

  it('/v2/illust/mypixiv and /v1/novel/mypixiv list the friends’ works newest first, within the age setting', async () => {
    const friends = new Set(await all(`/v1/user/mypixiv?user_id=${me}`));
    type Works = { illusts: { id: number; user: { id: number }; x_restrict: number }[] };
    const illusts = (await get<Works>('/v2/illust/mypixiv')).illusts;
    expect(illusts.length).toBeGreaterThan(0);
    expect(illusts.every((i) => friends.has(i.user.id))).toBe(true);
    const ids = illusts.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const safeFriends = new Set(await all(`/v1/user/mypixiv?user_id=${DEMO_ACCOUNTS[1]!.userId}`));
    const safeList = (await get<Works>('/v2/illust/mypixiv', safe)).illusts;
    expect(safeList.every((i) => i.x_restrict === 0 && safeFriends.has(i.user.id))).toBe(true);
    type Novels = { novels: { id: number; user: { id: number } }[]; next_url: string | null };
    const novels = await get<Novels>('/v1/novel/mypixiv');
    expect(novels.novels.length).toBeGreaterThan(0);
    expect(novels.novels.every((n) => friends.has(n.user.id))).toBe(true);
    expect((await call('/v1/novel/mypixiv?offset=-1')).statusCode).toBe(400);
  });
});

describe('the account’s own state', () => {
  it('/v1/user/follow/detail follows the account’s follows and their restrict', async () => {
    const user = users()[7]!;
    const detail = () => get<unknown>(`/v1/user/follow/detail?user_id=${user.id}`);
    expect(await detail()).toEqual({ follow_detail: { is_followed: false, restrict: 'public' } });
    await post('/v1/user/follow/add', { user_id: String(user.id), restrict: 'private' });
    expect(await detail()).toEqual({ follow_detail: { is_followed: true, restrict: 'private' } });
    await post('/v1/user/follow/delete', { user_id: String(user.id) });
    expect(await detail()).toEqual({ follow_detail: { is_followed: false, restrict: 'public' } });
    expect((await call('/v1/user/follow/detail?user_id=2')).statusCode).toBe(404);
  });

  it('/v1/user/me/state and /v1/user/ai-show-settings', async () => {
    expect(await get<unknown>('/v1/user/me/state')).toEqual({
      user_state: {
        is_mail_authorized: true,
        has_mail_address: true,
        has_changed_pixiv_id: false,
        can_change_pixiv_id: true,
        has_password: true,
        require_policy_agreement: false,
        no_login_method: false,
        is_user_restricted: false,
      },
    });
    expect(await get<unknown>('/v1/user/ai-show-settings')).toEqual({ show_ai: true });
  });
});

describe('user detail counts agree with the lists', () => {
  it('total_follow_users and total_mypixiv_users count the following and My pixiv lists', async () => {
    const graph = followGraph(state.data);
    const index = [...Array(state.data.userCount).keys()].find(
      (i) => graph.follows(i).length > 0 && graph.mutual(i).length > 0,
    )!;
    const user = state.data.allUsers[index]!;
    const detail = await get<{
      profile: { total_follow_users: number; total_mypixiv_users: number };
    }>(`/v1/user/detail?user_id=${user.id}`);
    const following = await get(`/v1/user/following?user_id=${user.id}&restrict=public`);
    const mypixiv = await get(`/v1/user/mypixiv?user_id=${user.id}`);
    expect(detail.profile.total_follow_users).toBe(graph.follows(index).length);
    expect(following.user_previews.map((p) => p.user.id).sort()).toEqual(
      graph
        .follows(index)
        .map((i) => state.data.allUsers[i]!.id)
        .sort(),
    );
    expect(detail.profile.total_mypixiv_users).toBeGreaterThanOrEqual(mypixiv.user_previews.length);
    expect(detail.profile.total_mypixiv_users).toBe(
      graph.mutual(index).length +
        DEMO_ACCOUNTS.filter((a) => mypixiv.user_previews.some((p) => p.user.id === a.userId))
          .length,
    );
  });
});
