import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawIllustListResponse } from '@pv/core';
import { DEMO_ACCOUNTS, type DemoAccount, type FaultRule } from '@pv/sandbox';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { ENDPOINTS } from './endpoints.ts';
import { latestRankingDate } from './endpoint-kit.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('GET /api/pixiv/rank', () => {
  it('answers the upstream ranking verbatim, 30 per page, page 2 at offset 30', async () => {
    const res = await get('/api/pixiv/rank?mode=day&date=2026-11-19');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as RawIllustListResponse;
    expect(body.illusts).toHaveLength(30);
    expect(new URL(body.next_url!).searchParams.get('offset')).toBe('30');
    const page2 = (
      await get('/api/pixiv/rank?mode=day&date=2026-11-19&page=2')
    ).json() as RawIllustListResponse;
    expect(page2.illusts).toHaveLength(30);
    expect(page2.illusts[0]!.id).not.toBe(body.illusts[0]!.id);
    expect(new URL(page2.next_url!).searchParams.get('offset')).toBe('60');
  });

  it('uses page and size for the offset', async () => {
    const a = (
      await get('/api/pixiv/rank?mode=day&date=2026-11-19&page=1')
    ).json() as RawIllustListResponse;
    const b = (
      await get('/api/pixiv/rank?mode=day&date=2026-11-19&page=3&size=10')
    ).json() as RawIllustListResponse;
    // offset 20 falls inside the first upstream page of 30
    expect(b.illusts[0]!.id).toBe(a.illusts[20]!.id);
  });

  it('defaults to the latest published ranking day: yesterday (JST) from 14:00, else the day before', () => {
    expect(latestRankingDate(Date.parse('2026-11-21T05:00:00Z'))).toBe('2026-11-20');
    expect(latestRankingDate(Date.parse('2026-11-21T04:59:00Z'))).toBe('2026-11-19');
    expect(latestRankingDate(Date.parse('2026-11-20T15:30:00Z'))).toBe('2026-11-19');
  });

  it('caches: the second answer is a hit with a shrinking max-age; no-store bypasses', async () => {
    const url = '/api/pixiv/rank?mode=month&date=2026-11-18';
    const first = await get(url);
    expect(first.headers['x-cache-hit']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('max-age=1209600');
    const second = await get(url);
    expect(second.headers['x-cache-hit']).toBe('true');
    expect(
      Number(/max-age=(\d+)/.exec(String(second.headers['cache-control']))![1]),
    ).toBeLessThanOrEqual(1_209_600);
    expect(second.body).toBe(first.body);
    const explicit = await get(
      '/api/pixiv/rank?mode=month&date=2026-11-18&page=1&size=30&unknown=1',
    );
    expect(explicit.headers['x-cache-hit']).toBe('true');
    const bypass = await get(url, { 'cache-control': 'no-store' });
    expect(bypass.headers['x-cache-hit']).toBeUndefined();
  });

  it('does not cache an empty list (a ranking not yet published)', async () => {
    const url = '/api/pixiv/rank?mode=day&date=2026-11-20';
    expect((await get(url)).json().illusts).toEqual([]);
    expect((await get(url)).headers['x-cache-hit']).toBeUndefined();
  });

  it('answers past the end with an empty list', async () => {
    const res = await get('/api/pixiv/rank?mode=day&date=2026-11-19&page=40');
    expect(res.json()).toEqual({ illusts: [], next_url: null });
  });

  it('rejects bad parameters with HibiAPI’s 422 body', async () => {
    const res = await get('/api/pixiv/rank?mode=daily&date=2026-13-01&page=0');
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe(422);
    expect(body.headers).toEqual({});
    expect(body.url).toContain('/api/pixiv/rank?mode=daily');
    expect(body.validation).toEqual([
      {
        loc: ['query', 'mode'],
        msg: expect.stringMatching(
          /^value is not a valid enumeration member; permitted: 'day', 'week'/,
        ),
        type: 'type_error.enum',
      },
      { loc: ['query', 'date'], msg: 'invalid date format', type: 'value_error.date' },
      {
        loc: ['query', 'page'],
        msg: 'ensure this value is greater than or equal to 1',
        type: 'value_error.number.not_ge',
      },
    ]);
    expect(body.detail).toMatch(/^3 validation errors for Request\nquery -> mode\n/);
  });
});

describe('GET /api/pixiv/illust', () => {
  it('answers the detail', async () => {
    const ranked = (
      await get('/api/pixiv/rank?mode=day&date=2026-11-19')
    ).json() as RawIllustListResponse;
    const id = ranked.illusts[0]!.id;
    const res = await get(`/api/pixiv/illust?id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().illust.id).toBe(id);
  });

  it('passes an upstream 404 body through verbatim with status 200, uncached', async () => {
    const res = await get('/api/pixiv/illust?id=1', { 'accept-language': 'en-US,en;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.json().error.user_message).toBe(
      'The artwork has been deleted or the artwork ID does not exist.',
    );
    expect((await get('/api/pixiv/illust?id=1')).headers['x-cache-hit']).toBeUndefined();
  });

  it('requires id', async () => {
    const res = await get('/api/pixiv/illust');
    expect(res.statusCode).toBe(422);
    expect(res.json().validation).toEqual([
      { loc: ['query', 'id'], msg: 'field required', type: 'value_error.missing' },
    ]);
    expect(res.json().detail).toBe(
      '1 validation error for Request\nquery -> id\n  field required (type=value_error.missing)',
    );
    expect(res.json().message).toBe('illust_id required');
  });
});

describe('unknown routes and upstream faults', () => {
  it('answers 404 with HibiAPI’s body for an unknown name', async () => {
    const res = await get('/api/pixiv/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, detail: 'Not Found', headers: {} });
  });

  it('answers 502 when upstream is unreachable or not JSON', async () => {
    const html = createServer((req, res) => {
      if (req.url?.startsWith('/auth/token')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'a', expires_in: 3600, response: {} }));
        return;
      }
      res.writeHead(503, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    });
    await new Promise<void>((r) => html.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
    const broken = await startTestServer({ hosts: { appApi: base, oauth: base } });
    const down = await startTestServer({ hosts: { appApi: 'http://127.0.0.1:1' } });
    try {
      const nonJson = await broken.app.inject({ url: '/api/pixiv/illust?id=5' });
      expect(nonJson.statusCode).toBe(502);
      expect(nonJson.json().detail).toBe('JSONDecodeError');
      const unreachable = await down.app.inject({ url: '/api/pixiv/illust?id=5' });
      expect(unreachable.statusCode).toBe(502);
      expect(unreachable.json().detail).toBe('Upstram API request failed');
    } finally {
      await broken.close();
      await down.close();
      html.close();
    }
  });
});

describe('the log', () => {
  /** A value that can only be in the log if the server wrote it there. */
  const unique = (name: string) => `${name}${randomBytes(12).toString('hex')}`;

  for (const level of ['info', 'debug', 'trace'] as const) {
    it(`at ${level}: holds no token, cookie, session or code, also when upstream fails`, async () => {
      const own = await startTestServer({ logLevel: level });
      const issued: string[] = [];
      const tokens = own.sandbox.state.tokens;
      const issue = tokens.issue.bind(tokens);
      tokens.issue = (account) => {
        const token = issue(account);
        issued.push(token);
        return token;
      };
      const [demo, safe, r18] = DEMO_ACCOUNTS as [DemoAccount, DemoAccount, DemoAccount];
      const bearer = unique('bearer');
      const cookie = unique('cookie');
      const code = unique('code');
      const marker = { url: unique('urlmarker'), header: unique('headermarker') };
      const secretHeaders = (userToken: string) => ({
        'x-pixiv-refresh-token': userToken,
        authorization: `Bearer ${bearer}`,
        cookie: `PHPSESSID=${cookie}`,
        'x-log-marker': marker.header,
      });
      const fault = (rule: FaultRule) => own.sandbox.state.faults.add(rule);
      const mirror = (url: string, userToken: string) =>
        own.app.inject({
          url: `${url}&marker=${marker.url}`,
          headers: { ...secretHeaders(userToken), 'cache-control': 'no-store' },
        });
      try {
        const rank = '/api/pixiv/rank?mode=day&date=2026-11-19';
        expect((await mirror(rank, safe.refreshToken)).statusCode).toBe(200);
        // upstream failing in every way, with the user's token and with the server's
        const APP = '/app-api.pixiv.net/';
        for (const spec of [{ drop: true }, { status: 500 }, { malformed: true }] as const) {
          fault({ pathPrefix: APP, times: 1, ...spec });
          await mirror(rank, safe.refreshToken);
          fault({ pathPrefix: APP, times: 1, ...spec });
          await own.app.inject({
            url: `${rank}&marker=${marker.url}`,
            headers: { authorization: `Bearer ${bearer}`, 'cache-control': 'no-store' },
          });
        }
        // a user whose token refresh fails, then an unknown token
        fault({ pathPrefix: '/oauth.secure.pixiv.net/', times: 1, status: 500 });
        expect((await mirror(rank, r18.refreshToken)).statusCode).toBe(502);
        const unknownToken = unique('x').slice(0, 43).padEnd(43, 'x');
        expect((await mirror(rank, unknownToken)).statusCode).toBe(401);
        // the login bridges, also failing
        const login = (payload: object) =>
          own.app.inject({
            method: 'POST',
            url: '/api/auth/token',
            headers: secretHeaders(demo.refreshToken),
            payload,
          });
        expect((await login({ refresh_token: demo.refreshToken })).statusCode).toBe(200);
        fault({ pathPrefix: '/oauth.secure.pixiv.net/', times: 1, drop: true });
        expect((await login({ refresh_token: demo.refreshToken })).statusCode).toBe(502);
        const session = { 'x-pixiv-session': demo.phpsessid, 'x-csrf-token': demo.csrfToken };
        const signIn = await own.app.inject({
          method: 'POST',
          url: '/api/auth/session',
          headers: { cookie: `PHPSESSID=${cookie}` },
          payload: { session: demo.phpsessid },
        });
        expect(signIn.statusCode).toBe(200);
        expect(
          (await own.app.inject({ url: '/api/web/follow_latest', headers: session })).statusCode,
        ).toBe(200);
        fault({ pathPrefix: '/www.pixiv.net/', times: 1, drop: true });
        await own.app.inject({ url: '/api/web/follow_latest', headers: session });
        // the OAuth callback page carries the login code in its URL
        await own.app.inject({ url: `/account/oauth?code=${code}&state=1` });

        const logs = own.logs();
        const secrets = [
          demo.refreshToken,
          safe.refreshToken,
          r18.refreshToken,
          unknownToken,
          bearer,
          cookie,
          code,
          demo.phpsessid,
          demo.csrfToken,
          ...issued,
        ];
        expect(issued.length).toBeGreaterThanOrEqual(3);
        for (const secret of secrets) {
          expect(logs.includes(secret), `${secret.slice(0, 6)}… in the ${level} log`).toBe(false);
        }
        // the capture works: what the server does log is there
        expect(logs).toContain(marker.url);
        expect(logs).toContain('upstream request failed');
        expect(logs).toContain('code=[redacted]');
        if (level === 'info') {
          expect(logs).not.toContain(marker.header);
        } else {
          // at debug and trace the headers are logged, the secret ones redacted
          expect(logs).toContain(marker.header);
          expect(logs).toContain('"authorization":"[redacted]"');
          expect(logs).toContain('"x-pixiv-refresh-token":"[redacted]"');
          expect(logs).toContain('"x-pixiv-session":"[redacted]"');
        }
      } finally {
        await own.close();
      }
    });
  }
});

describe("the spec's wrapper rejections (spec 000 §8, 001 §5.4)", () => {
  it('name the missing value in `message` beside the 422 body', async () => {
    const expected: [string, string][] = [
      ['search', 'word required'],
      ['search_novel', 'word required'],
      ['search_user', 'word required'],
      ['search_autocomplete', 'word required'],
      ['popular_preview', 'word required'],
      ['illust', 'illust_id required'],
      ['related', 'illust_id required'],
      ['ugoira_metadata', 'illust_id required'],
      ['illust_comments', 'illust_id required'],
      ['member', 'user_id required'],
      ['member_illust', 'user_id required'],
      ['favorite', 'user_id required'],
      ['following', 'user_id required'],
      ['related_member', 'user_id required'],
      ['novel_detail', 'novel_id required'],
      ['novel_text', 'novel_id required'],
      ['novel_comments', 'novel_id required'],
      ['illust_comment_replies', 'comment_id required'],
      ['novel_comment_replies', 'comment_id required'],
      ['illust_series', 'illust_series_id required'],
      ['novel_series', 'series_id required'],
    ];
    for (const [name, message] of expected) {
      const res = await get(`/api/pixiv/${name}`);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().message, name).toBe(message);
    }
  });

  it('are given for every required field of every route', () => {
    const bare = Object.entries(ENDPOINTS).flatMap(([name, endpoint]) =>
      Object.entries(endpoint.fields)
        .filter(([, f]) => 'required' in f && f.required && !('missing' in f && f.missing))
        .map(([field]) => `${name}.${field}`),
    );
    expect(bare).toEqual([]);
  });

  it('leave a 422 of a wrong value without one', async () => {
    const res = await get('/api/pixiv/illust?id=abc');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBeUndefined();
  });
});
