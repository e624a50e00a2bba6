import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import { demoAccessToken, testSandbox } from '../../test-helpers.ts';

const { app, state } = testSandbox();
let token = '';
beforeAll(async () => {
  token = await demoAccessToken(app);
});

describe('/v1/user/detail profile', () => {
  it('gives every user a birthday in pixiv’s three forms and a gender pixiv knows', async () => {
    const users = state.data.allUsers.slice(0, 60);
    const genders = new Set<string>();
    for (const user of users) {
      const res = await app.inject({
        url: `/app-api.pixiv.net/v1/user/detail?user_id=${user.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const { birth, birth_day, birth_year, gender } = res.json().profile as Record<
        string,
        unknown
      >;
      expect(birth).toMatch(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d)$/);
      expect(birth_day).toBe((birth as string).slice(5));
      expect(birth_year).toBe(Number((birth as string).slice(0, 4)));
      expect(birth_year).toBeGreaterThanOrEqual(1000);
      expect(birth_year).toBeLessThanOrEqual(9999);
      genders.add(gender as string);
    }
    expect([...genders].sort()).toEqual(['female', 'male', 'unknown']);
  });
});

describe('a sandbox account as a user', () => {
  it('has a user detail (default avatar, no works, its own follows and premium flag) and an empty work list', async () => {
    const get = async (path: string) =>
      app.inject({
        url: `/app-api.pixiv.net${path}`,
        headers: { authorization: `Bearer ${token}` },
      });
    for (const account of DEMO_ACCOUNTS) {
      const res = await get(`/v1/user/detail?user_id=${account.userId}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as {
        user: { id: number; name: string; account: string; profile_image_urls: { medium: string } };
        profile: { total_illusts: number; total_manga: number; is_premium: boolean };
      };
      expect(body.user).toMatchObject({ id: account.userId, name: account.name });
      expect(body.user.account).toBe(account.account);
      expect(body.user.profile_image_urls.medium).toBe(
        'https://s.pximg.net/common/images/no_profile.png',
      );
      expect(body.profile).toMatchObject({
        total_illusts: 0,
        total_manga: 0,
        is_premium: account.isPremium,
      });
      const works = await get(`/v1/user/illusts?user_id=${account.userId}`);
      expect(works.statusCode).toBe(200);
      expect(works.json()).toMatchObject({ illusts: [], next_url: null });
    }
    const followed = state.data.allUsers[5]!;
    await app.inject({
      method: 'POST',
      url: '/app-api.pixiv.net/v1/user/follow/add',
      payload: `user_id=${followed.id}&restrict=public`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    const me = (await get(`/v1/user/detail?user_id=${DEMO_ACCOUNTS[0]!.userId}`)).json() as {
      profile: { total_follow_users: number };
    };
    expect(me.profile.total_follow_users).toBe(1);
    expect((await get('/v1/user/detail?user_id=11000009')).statusCode).toBe(404);
  });
});
