import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHeapSnapshot } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createAppApiClient } from './app-api.ts';
import { createOAuthClient } from './oauth.ts';
import { startTestServer, tokenJson } from './test-server.ts';
import { createRefreshTokenProvider } from './token-provider.ts';
import { createUserTokenCache, refreshTokenKey } from './user-tokens.ts';

const INVALID_GRANT = {
  error: {
    user_message: '',
    message:
      'Error occurred at the OAuth process. Please check your Access Token to fix this. Error Message: invalid_grant',
    reason: '',
    user_message_details: {},
  },
};

/** The refresh token of a recorded token request. */
const grantOf = (body: string) => new URLSearchParams(body).get('refresh_token') ?? '';

describe('user token cache', () => {
  it('keeps hash → access token only: the serialised cache holds no refresh token', async () => {
    const tokens = ['A', 'B', 'C'].map((c) => `${c}${'x'.repeat(42)}`);
    let n = 0;
    const server = await startTestServer((req) => ({
      json: tokenJson(`AT${++n}-${grantOf(req.body)[0]}`),
    }));
    try {
      const cache = createUserTokenCache({ oauth: createOAuthClient({ oauthBase: server.base }) });
      for (const token of tokens) {
        const source = cache.forRequest(token);
        expect(source.key).toBe(refreshTokenKey(token));
        expect(await source.getAccessToken()).toMatch(new RegExp(`-${token[0]}$`));
        expect(source.userId()).toBe('123');
      }
      const dump = JSON.stringify(cache.entries());
      for (const token of tokens) expect(dump).not.toContain(token);
      expect(cache.entries().map(([key]) => key)).toEqual(tokens.map(refreshTokenKey));
      expect(cache.entries().map(([, e]) => e.accessToken)).toEqual(['AT1-A', 'AT2-B', 'AT3-C']);
      // a hash is not the token: 64 hex characters
      expect(cache.entries().every(([key]) => /^[0-9a-f]{64}$/.test(key))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('reuses the access token for 1800 s, then refreshes with the token the request carries', async () => {
    let clock = 0;
    let n = 0;
    const server = await startTestServer(() => ({ json: tokenJson(`AT${++n}`) }));
    try {
      const cache = createUserTokenCache({
        oauth: createOAuthClient({ oauthBase: server.base }),
        now: () => clock,
      });
      const token = 'u'.repeat(43);
      const first = await Promise.all(
        [1, 2, 3].map(() => cache.forRequest(token).getAccessToken()),
      );
      expect(first).toEqual(['AT1', 'AT1', 'AT1']);
      expect(server.requests).toHaveLength(1);
      clock = 1_799_999;
      expect(await cache.forRequest(token).getAccessToken()).toBe('AT1');
      clock = 1_800_000;
      expect(await cache.forRequest(token).getAccessToken()).toBe('AT2');
      expect(server.requests.map((r) => grantOf(r.body))).toEqual([token, token]);
      expect(cache.size).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('forgets the least recently used user past its bound, and never a failed refresh', async () => {
    let n = 0;
    const server = await startTestServer((req) =>
      grantOf(req.body).startsWith('bad')
        ? { status: 400, json: { has_error: true, error: 'invalid_grant' } }
        : { json: tokenJson(`AT${++n}`) },
    );
    try {
      const cache = createUserTokenCache({
        oauth: createOAuthClient({ oauthBase: server.base }),
        maxEntries: 2,
      });
      const [a, b, c] = ['a', 'b', 'c'].map((x) => x.repeat(43)) as [string, string, string];
      await cache.forRequest(a).getAccessToken();
      await cache.forRequest(b).getAccessToken();
      await cache.forRequest(a).getAccessToken(); // a is now the most recent
      await cache.forRequest(c).getAccessToken();
      expect(cache.entries().map(([k]) => k)).toEqual([refreshTokenKey(a), refreshTokenKey(c)]);
      await expect(cache.forRequest(`bad${'x'.repeat(40)}`).getAccessToken()).rejects.toMatchObject(
        { kind: 'auth' },
      );
      expect(cache.size).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('refreshes and retries once when the app API calls the cached access token invalid', async () => {
    let issued = 0;
    const live = new Set<string>();
    const server = await startTestServer((req) => {
      if (req.url === '/auth/token') {
        const token = `AT${++issued}`;
        live.add(token);
        return { json: tokenJson(token) };
      }
      const bearer = String(req.headers.authorization).replace('Bearer ', '');
      return live.has(bearer) ? { json: { ok: bearer } } : { status: 400, json: INVALID_GRANT };
    });
    try {
      const oauth = createOAuthClient({ oauthBase: server.base });
      const cache = createUserTokenCache({ oauth });
      const token = 'r'.repeat(43);
      const call = () =>
        createAppApiClient({
          hosts: { appApi: server.base },
          auth: cache.forRequest(token),
        }).get('/v1/user/me/state');
      expect(await call()).toEqual({ status: 200, body: { ok: 'AT1' } });
      // upstream forgets AT1 (revoked early): the next request refreshes once and succeeds
      live.clear();
      expect(await call()).toEqual({ status: 200, body: { ok: 'AT2' } });
      expect(server.requests.map((r) => r.url)).toEqual([
        '/auth/token',
        '/v1/user/me/state',
        '/v1/user/me/state',
        '/auth/token',
        '/v1/user/me/state',
      ]);
      expect(
        server.requests.filter((r) => r.url === '/auth/token').map((r) => grantOf(r.body)),
      ).toEqual([token, token]);
      expect(cache.entries().map(([, e]) => e.accessToken)).toEqual(['AT2']);
    } finally {
      await server.close();
    }
  });
});

/** The whole heap, serialised by V8 after a full garbage collection. */
async function heapSnapshot(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of getHeapSnapshot()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A random 43-character token, held as bytes: a Buffer's contents are not a heap string. */
const randomToken = () => Buffer.from(randomBytes(32).toString('base64url').slice(0, 43), 'latin1');

describe('heap after user requests', () => {
  it('reaches no refresh token once the requests are done; the snapshot finds one that is kept', async () => {
    // An OAuth host that keeps nothing of what it is sent.
    let n = 0;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(tokenJson(`AT${++n}`)));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const oauth = createOAuthClient({ oauthBase: base });
      const cache = createUserTokenCache({ oauth });
      const users = [randomToken(), randomToken(), randomToken()];
      for (const token of users) {
        // the string exists only for the request's life, as a header value does
        await cache.forRequest(token.toString('latin1')).getAccessToken();
      }
      // the negative control: a provider that keeps its refresh token, alive until the end
      const kept = randomToken();
      const keeper = createRefreshTokenProvider({ oauth, refreshToken: kept.toString('latin1') });
      await keeper.getAccessToken();

      const heap = await heapSnapshot();
      expect(heap.indexOf(kept), 'the snapshot shows a kept token').toBeGreaterThan(-1);
      for (const token of users) expect(heap.indexOf(token)).toBe(-1);
      expect(cache.size).toBe(3);
      expect(keeper.userId()).toBe('123');
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
