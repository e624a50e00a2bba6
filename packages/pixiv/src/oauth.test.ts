import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_ID, DEFAULT_HASH_SECRET, clientHash } from './client-hash.ts';
import { PixivError } from './errors.ts';
import {
  PKCE_REDIRECT_URI,
  createOAuthClient,
  loginUrl,
  pkceChallenge,
  pkcePair,
} from './oauth.ts';
import { startTestServer, tokenJson, type TestServer } from './test-server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('OAuth client', () => {
  it('posts the refresh grant with the app headers and a valid client hash', async () => {
    server = await startTestServer(() => ({ json: tokenJson('AT') }));
    const res = await createOAuthClient({ oauthBase: server.base }).refresh('RT');
    expect(res.access_token).toBe('AT');
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/auth/token');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const time = req.headers['x-client-time'] as string;
    expect(Number.isNaN(Date.parse(time))).toBe(false);
    expect(req.headers['x-client-hash']).toBe(
      createHash('md5')
        .update(time + DEFAULT_HASH_SECRET)
        .digest('hex'),
    );
    expect(req.headers['x-client-hash']).toBe(clientHash(time));
    expect(req.headers['user-agent']).toMatch(/^PixivAndroidApp\//);
    expect(req.headers['app-os']).toBe('android');
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      client_id: DEFAULT_CLIENT_ID,
      client_secret: expect.any(String),
      grant_type: 'refresh_token',
      refresh_token: 'RT',
      include_policy: 'true',
      get_secure_url: '1',
    });
  });

  it('posts the authorization-code grant with the verifier and redirect_uri', async () => {
    server = await startTestServer(() => ({ json: tokenJson('AT') }));
    await createOAuthClient({ oauthBase: server.base }).exchangeCode({
      code: 'C',
      codeVerifier: 'V',
    });
    const form = Object.fromEntries(new URLSearchParams(server.requests[0]!.body));
    expect(form).toMatchObject({
      grant_type: 'authorization_code',
      code: 'C',
      code_verifier: 'V',
      redirect_uri: PKCE_REDIRECT_URI,
      include_policy: 'true',
    });
  });

  it('turns 400 invalid_grant into an auth error carrying pixiv’s body', async () => {
    const body = {
      has_error: true,
      errors: { system: { message: 'Invalid refresh token', code: 1508 } },
      error: 'invalid_grant',
    };
    server = await startTestServer(() => ({ status: 400, json: body }));
    const error = await createOAuthClient({ oauthBase: server.base })
      .refresh('bad')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixivError);
    expect((error as PixivError).kind).toBe('auth');
    expect((error as PixivError).status).toBe(400);
    expect((error as PixivError).message).toBe('Invalid refresh token');
    expect((error as PixivError).body).toEqual(body);
  });

  it('reports non-JSON answers, timeouts and unreachable hosts by kind', async () => {
    server = await startTestServer((_r, n) =>
      n === 1 ? { status: 502, text: '<html>bad gateway</html>' } : { hang: true },
    );
    const client = createOAuthClient({ oauthBase: server.base, timeoutMs: 200 });
    expect(((await client.refresh('x').catch((e) => e)) as PixivError).kind).toBe('bad_response');
    expect(((await client.refresh('x').catch((e) => e)) as PixivError).kind).toBe('timeout');
    const closed = createOAuthClient({ oauthBase: 'http://127.0.0.1:1' });
    expect(((await closed.refresh('x').catch((e) => e)) as PixivError).kind).toBe('network');
  });
});

describe('PKCE', () => {
  it('makes a verifier of 43 to 128 unreserved characters and its S256 challenge', () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(challenge).not.toContain('=');
    expect(pkcePair().verifier).not.toBe(verifier);
    const lengths = new Set(Array.from({ length: 200 }, () => pkcePair().verifier.length));
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(43);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(128);
    expect(lengths.size).toBeGreaterThan(20);
  });

  it('matches the RFC 7636 example', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('builds the login URL', () => {
    const url = new URL(loginUrl('https://app-api.pixiv.net', 'abc'));
    expect(url.pathname).toBe('/web/v1/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      code_challenge: 'abc',
      code_challenge_method: 'S256',
      client: 'pixiv-android',
    });
  });
});
