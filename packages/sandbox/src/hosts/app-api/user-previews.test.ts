import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../clock.ts';
import { followGraph } from '../../data/followers.ts';
import { demoAccessToken, testSandbox } from '../../test-helpers.ts';

const { app, state } = testSandbox({});
let token = '';
/** The premium demo account's: popular_desc sorts only for premium accounts. */
let premium = '';
beforeAll(async () => {
  token = await demoAccessToken(app, 1);
  premium = await demoAccessToken(app, 0);
});

interface Previews {
  user_previews: {
    user: { id: number; name: string; account: string };
    illusts: { x_restrict: number; create_date: string }[];
  }[];
  next_url: string | null;
}
const get = async (path: string, bearer = token) =>
  (
    await app.inject({
      url: `/app-api.pixiv.net${path}`,
      headers: { authorization: `Bearer ${bearer}` },
    })
  ).json() as Previews;

/** Every page of a user search, following next_url. */
async function searchAll(query: string, bearer = token) {
  const previews: Previews['user_previews'] = [];
  let url: string | null = `/v1/search/user?${query}`;
  while (url) {
    const page = await get(url.replace('https://app-api.pixiv.net', ''), bearer);
    previews.push(...page.user_previews);
    url = page.next_url;
  }
  return previews;
}

/** The date of a preview's newest work (its first), or null for a user with nothing to show. */
const activity = (p: Previews['user_previews'][number]) =>
  p.illusts[0] ? Date.parse(p.illusts[0].create_date) : null;

/** A word many users' names share: the most common first character of a name. */
function commonWord(): string {
  const counts = new Map<string, number>();
  for (const u of state.data.allUsers) {
    const c = Array.from(u.name)[0]!;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

describe('user previews', () => {
  it('search/user finds users whose name or account contains the word, 30 per page', async () => {
    const target = state.data.allUsers[10]!;
    const word = Array.from(target.name).slice(0, 2).join('');
    const body = await get(`/v1/search/user?word=${encodeURIComponent(word)}&filter=for_ios`);
    expect(body.user_previews.length).toBeGreaterThan(0);
    expect(body.user_previews.length).toBeLessThanOrEqual(30);
    expect(
      body.user_previews.every(
        (p) =>
          p.user.name.toLowerCase().includes(word.toLowerCase()) ||
          p.user.account.includes(word.toLowerCase()),
      ),
    ).toBe(true);
    // the safe demo account never sees adult works in previews
    expect(body.user_previews.flatMap((p) => p.illusts).every((i) => i.x_restrict === 0)).toBe(
      true,
    );
  });

  it('user/recommended pages active users with three works each', async () => {
    const body = await get('/v1/user/recommended');
    expect(body.user_previews).toHaveLength(30);
    expect(body.user_previews.every((p) => p.illusts.length === 3)).toBe(true);
    expect(new URL(body.next_url!).searchParams.get('offset')).toBe('30');
  });

  it('user/related answers users without a next_url, and 404 for an unknown seed', async () => {
    const seed = state.data.allUsers[5]!;
    const body = await get(`/v1/user/related?filter=for_ios&seed_user_id=${seed.id}`);
    expect(body.user_previews.length).toBeGreaterThan(0);
    expect(body.user_previews.some((p) => p.user.id === seed.id)).toBe(false);
    expect(body.next_url).toBeNull();
    const missing = await app.inject({
      url: '/app-api.pixiv.net/v1/user/related?seed_user_id=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('/v1/search/user sort and duration', () => {
  it('sorts by the newest visible work: date_desc (the default) newest first, date_asc oldest first, the inactive last', async () => {
    const word = encodeURIComponent(commonWord());
    const desc = await searchAll(`word=${word}`);
    expect(desc.length).toBeGreaterThan(60);
    const explicit = await searchAll(`word=${word}&sort=date_desc`);
    expect(explicit.map((p) => p.user.id)).toEqual(desc.map((p) => p.user.id));
    const dates = desc.map(activity);
    const active = dates.filter((d): d is number => d !== null);
    expect(active).toEqual([...active].sort((a, b) => b - a));
    // users with nothing the account may see come after every active one
    expect(dates.slice(active.length).every((d) => d === null)).toBe(true);
    const asc = await searchAll(`word=${word}&sort=date_asc`);
    const ascActive = asc.map(activity).filter((d): d is number => d !== null);
    expect(ascActive).toEqual([...active].reverse());
    expect(new Set(asc.map((p) => p.user.id))).toEqual(new Set(desc.map((p) => p.user.id)));
  });

  it('keeps with duration only the users active within the window', async () => {
    const word = encodeURIComponent(commonWord());
    const all = await searchAll(`word=${word}`);
    for (const [duration, days] of [
      ['within_last_day', 1],
      ['within_last_week', 7],
      ['within_last_month', 30],
    ] as const) {
      const from = state.now - days * DAY_MS;
      const within = await searchAll(`word=${word}&duration=${duration}`);
      const expected = all.filter((p) => (activity(p) ?? -Infinity) >= from);
      expect(
        within.map((p) => p.user.id),
        duration,
      ).toEqual(expected.map((p) => p.user.id));
    }
    const month = await searchAll(`word=${word}&duration=within_last_month`);
    expect(month.length).toBeGreaterThan(0);
    expect(month.length).toBeLessThan(all.length);
  });

  it('sorts popular_desc by followers for a premium account, and by date for the others', async () => {
    const word = encodeURIComponent(commonWord());
    const graph = followGraph(state.data);
    const followers = (id: number) => graph.followers(state.data.user(id)!.index).length;
    const popular = await searchAll(`word=${word}&sort=popular_desc`, premium);
    const counts = popular.map((p) => followers(p.user.id));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(counts.at(-1)!);
    const plain = await searchAll(`word=${word}&sort=popular_desc`);
    const byDate = await searchAll(`word=${word}&sort=date_desc`);
    expect(plain.map((p) => p.user.id)).toEqual(byDate.map((p) => p.user.id));
  });

  it('refuses an unknown sort or duration with 400', async () => {
    for (const query of ['word=a&sort=popular', 'word=a&duration=within_last_year']) {
      const res = await app.inject({
        url: `/app-api.pixiv.net/v1/search/user?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
