import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccessToken, testSandbox } from '../../test-helpers.ts';

const { app, state } = testSandbox({});
let token = '';
beforeAll(async () => {
  token = await demoAccessToken(app, 1);
});

interface Previews {
  user_previews: {
    user: { id: number; name: string; account: string };
    illusts: { x_restrict: number }[];
  }[];
  next_url: string | null;
}
const get = async (path: string) =>
  (
    await app.inject({
      url: `/app-api.pixiv.net${path}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).json() as Previews;

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
