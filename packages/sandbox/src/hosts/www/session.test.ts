import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import { testSandbox } from '../../test-helpers.ts';
import { PHPSESSID_PATTERN, cookieValue } from './session.ts';

const { app } = testSandbox({ illustCount: 2_000, userCount: 200 });

/** What a client reads from the page: the parsed preloaded state. */
function preloadedState(html: string): {
  api: { token: string };
  userData: { self: Record<string, unknown> | null };
} {
  const m = /<script id="__NEXT_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  const next = JSON.parse(m![1]!) as {
    props: { pageProps: { serverSerializedPreloadedState: string } };
  };
  expect(typeof next.props.pageProps.serverSerializedPreloadedState).toBe('string');
  return JSON.parse(next.props.pageProps.serverSerializedPreloadedState) as ReturnType<
    typeof preloadedState
  >;
}

describe('www session pages', () => {
  it('gives every demo account a PHPSESSID of pixiv format and a 32-hex CSRF token', () => {
    for (const a of DEMO_ACCOUNTS) {
      expect(a.phpsessid).toMatch(PHPSESSID_PATTERN);
      expect(a.phpsessid.startsWith(`${a.userId}_`)).toBe(true);
      expect(a.csrfToken).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.phpsessid)).size).toBe(DEMO_ACCOUNTS.length);
  });

  it('embeds the token and the signed-in user in / and /en/', async () => {
    const demo = DEMO_ACCOUNTS[0]!;
    for (const url of ['/www.pixiv.net/', '/www.pixiv.net/en/']) {
      const res = await app.inject({
        url,
        headers: { cookie: `first_visit=1; PHPSESSID=${demo.phpsessid}; p_ab_id=3` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const state = preloadedState(res.body);
      expect(state.api.token).toBe(demo.csrfToken);
      expect(state.userData.self).toEqual({
        id: String(demo.userId),
        pixivId: demo.account,
        name: demo.name,
        profileImg: 'https://s.pximg.net/common/images/no_profile_s.png',
        profileImgBig: 'https://s.pximg.net/common/images/no_profile.png',
        premium: demo.isPremium,
        xRestrict: demo.xRestrict,
        adult: true,
        safeMode: false,
        illustCreator: false,
        novelCreator: false,
      });
    }
  });

  it('serves an unknown or missing session as anonymous, with no user and a throwaway token', async () => {
    const unknown = `${DEMO_ACCOUNTS[0]!.userId}_${'x'.repeat(32)}`;
    for (const headers of [{}, { cookie: `PHPSESSID=${unknown}` }]) {
      const state = preloadedState((await app.inject({ url: '/www.pixiv.net/', headers })).body);
      expect(state.userData.self).toBeNull();
      expect(state.api.token).toMatch(/^[0-9a-f]{32}$/);
      expect(DEMO_ACCOUNTS.map((a) => a.csrfToken)).not.toContain(state.api.token);
    }
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(cookieValue('a=1; PHPSESSID=9_x; b=2', 'PHPSESSID')).toBe('9_x');
    expect(cookieValue('XPHPSESSID=1', 'PHPSESSID')).toBeUndefined();
    expect(cookieValue(undefined, 'PHPSESSID')).toBeUndefined();
  });
});
