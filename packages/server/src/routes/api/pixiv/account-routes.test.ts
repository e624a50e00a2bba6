/**
 * The spec's mirror names beyond HibiAPI's table that the app's local API map lists (spec 001
 * §7.3): `manga_new` (illust_new's manga twin) and `me` (the signed-in user's own account).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_TTL_SECONDS } from '@pv/core';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import {
  expectMaxAge,
  itMapsOntoTheAppApi,
  itRejectsWhatHibiApiRejects,
  startMirrorTest,
  type MirrorTest,
} from './test-mirror.ts';

let m: MirrorTest;
beforeAll(async () => {
  m = await startMirrorTest();
});
afterAll(() => m.t.close());

interface IllustList {
  illusts: { id: number; type: string }[];
  next_url: string | null;
}

describe('manga_new', () => {
  itMapsOntoTheAppApi(
    [
      [
        'is v1/illust/new for manga',
        () => 'manga_new',
        () => ['/v1/illust/new', { content_type: 'manga', filter: 'for_ios' }],
      ],
      [
        'pages below max_illust_id',
        () => `manga_new?max_illust_id=${m.t.sandbox.state.data.ids.at(-50)}`,
        () => [
          '/v1/illust/new',
          {
            content_type: 'manga',
            filter: 'for_ios',
            max_illust_id: m.t.sandbox.state.data.ids.at(-50)!,
          },
        ],
      ],
    ],
    () => m,
  );
  itRejectsWhatHibiApiRejects(['manga_new?max_illust_id=0', 'manga_new?max_illust_id=x'], () => m);

  it('holds only manga, newest first, kept as long as the latest works', async () => {
    const res = await m.t.app.inject({ url: '/api/pixiv/manga_new' });
    const body = res.json() as IllustList;
    expect(body.illusts.length).toBe(30);
    expect(body.illusts.every((i) => i.type === 'manga')).toBe(true);
    const ids = body.illusts.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expectMaxAge(res.headers['cache-control'], CACHE_TTL_SECONDS.latest);
    const illusts = ((await m.t.app.inject({ url: '/api/pixiv/illust_new' })).json() as IllustList)
      .illusts;
    // illust_new holds illustrations and ugoira, and no manga
    expect(illusts.some((i) => i.type === 'manga')).toBe(false);
  });
});

describe('me', () => {
  const [demo, safe] = [DEMO_ACCOUNTS[0]!, DEMO_ACCOUNTS[1]!];
  const me = (token?: string) =>
    m.t.app.inject({
      url: '/api/pixiv/me?_t=1',
      headers: token === undefined ? {} : { 'x-pixiv-refresh-token': token },
    });

  it('answers the token’s own user as member does, never cached or shared', async () => {
    for (const account of [demo, safe]) {
      const res = await me(account.refreshToken);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toBe('x-pixiv-refresh-token');
      const body = res.json() as { user: { id: number; account: string }; profile: object };
      expect(body.user.id).toBe(account.userId);
      expect(body.user.account).toBe(account.account);
      const member = await m.t.app.inject({ url: `/api/pixiv/member?id=${account.userId}` });
      expect(body).toEqual(member.json());
    }
  });

  it('needs the user’s own well-formed, known token', async () => {
    const none = await me();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 401, detail: 'login.required' });
    const short = await me('abc');
    expect(short.statusCode).toBe(401);
    expect(short.json()).toMatchObject({ detail: 'login.token_format' });
    const unknown = await me('u'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ detail: 'login.token_invalid' });
  });

  it('answers 502 when upstream cannot be reached', async () => {
    m.t.sandbox.state.faults.add({
      pathPrefix: '/app-api.pixiv.net/v1/user/detail',
      drop: true,
      times: 1,
    });
    const res = await me(DEMO_ACCOUNTS[2]!.refreshToken);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ detail: 'Upstram API request failed' });
  });
});
