import { afterEach, describe, expect, it } from 'vitest';
import { createAppApiClient, encodeQuery, nextUrlPath } from './app-api.ts';
import { clientHash } from './client-hash.ts';
import { PixivError, classifyAppApiError } from './errors.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import type { AccessTokenSource } from './token-provider.ts';

const INVALID_GRANT = {
  error: {
    user_message: '',
    message:
      'Error occurred at the OAuth process. Please check your Access Token to fix this. Error Message: invalid_grant',
    reason: '',
    user_message_details: {},
  },
};

function countingAuth(): AccessTokenSource & { refreshes: number } {
  const auth = {
    refreshes: 0,
    current: 'T0',
    async getAccessToken() {
      return auth.current;
    },
    invalidate() {
      auth.refreshes++;
      auth.current = `T${auth.refreshes}`;
    },
  };
  return auth;
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('app-API client', () => {
  it('sends the app headers, bearer token, language and a valid hash', async () => {
    server = await startTestServer(() => ({ json: { illusts: [] } }));
    const client = createAppApiClient({
      hosts: { appApi: server.base },
      auth: countingAuth(),
      acceptLanguage: 'en',
    });
    const res = await client.get('/v1/illust/ranking', {
      mode: 'day',
      offset: 30,
      date: undefined,
    });
    expect(res).toEqual({ status: 200, body: { illusts: [] } });
    const h = server.requests[0]!.headers;
    expect(server.requests[0]!.url).toBe('/v1/illust/ranking?mode=day&offset=30');
    expect(h['user-agent']).toBe('PixivAndroidApp/6.124.0 (Android 13; Pixel 7)');
    expect(h['app-os']).toBe('android');
    expect(h['app-os-version']).toBe('13');
    expect(h['app-version']).toBe('6.124.0');
    expect(h['accept-language']).toBe('en');
    expect(h.authorization).toBe('Bearer T0');
    expect(h.referer).toBe('https://app-api.pixiv.net/');
    expect(h['x-client-hash']).toBe(clientHash(h['x-client-time'] as string));
  });

  it('returns upstream error bodies verbatim with their status', async () => {
    const notFound = {
      error: { user_message: 'gone', message: '', reason: '', user_message_details: {} },
    };
    server = await startTestServer(() => ({ status: 404, json: notFound }));
    const res = await createAppApiClient({ hosts: { appApi: server.base } }).get(
      '/v1/illust/detail',
      { illust_id: 1 },
    );
    expect(res).toEqual({ status: 404, body: notFound });
  });

  it('refreshes the token and retries exactly once on 400 invalid_grant', async () => {
    server = await startTestServer((req) =>
      req.headers.authorization === 'Bearer T0'
        ? { status: 400, json: INVALID_GRANT }
        : { json: { ok: true } },
    );
    const auth = countingAuth();
    const res = await createAppApiClient({ hosts: { appApi: server.base }, auth }).get('/v1/x');
    expect(res).toEqual({ status: 200, body: { ok: true } });
    expect(auth.refreshes).toBe(1);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer T0', 'Bearer T1']);
  });

  it('returns a second invalid_grant as it is, without looping', async () => {
    server = await startTestServer(() => ({ status: 400, json: INVALID_GRANT }));
    const auth = countingAuth();
    const res = await createAppApiClient({ hosts: { appApi: server.base }, auth }).get('/v1/x');
    expect(res.status).toBe(400);
    expect(server.requests).toHaveLength(2);
    expect(auth.refreshes).toBe(1);
  });

  it('posts PHP-style forms', async () => {
    server = await startTestServer(() => ({ json: {} }));
    await createAppApiClient({ hosts: { appApi: server.base } }).post('/v2/illust/bookmark/add', {
      illust_id: 5,
      restrict: 'public',
      tags: ['a', 'b'],
    });
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.body).toBe('illust_id=5&restrict=public&tags%5B%5D=a&tags%5B%5D=b');
  });

  it('follows next_url onto the configured host', async () => {
    server = await startTestServer(() => ({ json: { illusts: [] } }));
    await createAppApiClient({ hosts: { appApi: server.base } }).getNext(
      'https://app-api.pixiv.net/v1/illust/ranking?mode=day&offset=30',
    );
    expect(server.requests[0]!.url).toBe('/v1/illust/ranking?mode=day&offset=30');
  });

  it('refuses next_url values off app-api.pixiv.net', () => {
    for (const bad of [
      'https://evil.example/v1/x',
      'https://app-api.pixiv.net.evil.com/v1/x',
      'http://app-api.pixiv.net/v1/x',
      'https://app-api.pixiv.net/admin',
      'https://user:pw@app-api.pixiv.net/v1/x',
      'not a url',
    ]) {
      expect(() => nextUrlPath(bad), bad).toThrow(PixivError);
      try {
        nextUrlPath(bad);
      } catch (e) {
        expect((e as PixivError).kind).toBe('forbidden_url');
      }
    }
  });

  it('throws typed errors for non-JSON, timeouts and unreachable hosts', async () => {
    server = await startTestServer((_r, n) =>
      n === 1 ? { text: '<html>maintenance</html>' } : { hang: true },
    );
    // the answer that comes is read however busy the machine; the one that never comes times out
    const patient = createAppApiClient({ hosts: { appApi: server.base }, timeoutMs: 10_000 });
    expect(((await patient.get('/v1/x').catch((e) => e)) as PixivError).kind).toBe('bad_response');
    const client = createAppApiClient({ hosts: { appApi: server.base }, timeoutMs: 200 });
    expect(((await client.get('/v1/x').catch((e) => e)) as PixivError).kind).toBe('timeout');
    const closed = createAppApiClient({ hosts: { appApi: 'http://127.0.0.1:1' } });
    expect(((await closed.get('/v1/x').catch((e) => e)) as PixivError).kind).toBe('network');
  });
});

describe('helpers', () => {
  it('encodes arrays PHP-style and skips empty values', () => {
    expect(encodeQuery({ a: 1, b: undefined, c: null, viewed: [1, 2], d: true })).toBe(
      'a=1&viewed%5B%5D=1&viewed%5B%5D=2&d=true',
    );
  });

  it('classifies Rate Limit, OAuth and other error bodies', () => {
    const rate = {
      error: { user_message: '', message: 'Rate Limit', reason: '', user_message_details: {} },
    };
    expect(classifyAppApiError(403, rate)).toBe('rate_limit');
    expect(classifyAppApiError(400, INVALID_GRANT)).toBe('auth');
    expect(classifyAppApiError(404, { error: { user_message: 'gone', message: '' } })).toBe('api');
  });
});
