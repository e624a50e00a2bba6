import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-helpers.ts';
import { isQuietPath, redactUrlSecrets, SECRET_QUERY_PARAMS } from './log.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const RANK = '/api/pixiv/rank?mode=day&date=2026-11-19';
const IMAGE = '/s/common/images/no_profile.png';
const ASSET = '/assets/index-abc123.js';

interface Line {
  level: number;
  reqId?: string;
  msg: string;
  req?: { url: string; method: string };
  res?: { statusCode: number };
  responseTime?: number;
}

function linesOf(server: TestServer, requestId: string): Line[] {
  return server
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.reqId === requestId);
}

describe('request log', () => {
  it('writes one line per page or API request at info, with method, URL, status and time', async () => {
    t = await startTestServer();
    for (const url of [RANK, '/rank/daily', '/api/pixiv/nothing']) {
      const res = await t.app.inject({ url });
      const lines = linesOf(t, String(res.headers['x-request-id']));
      expect(lines, url).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url },
        res: { statusCode: res.statusCode },
      });
      expect(lines[0]!.responseTime, url).toBeGreaterThanOrEqual(0);
    }
  });

  it('logs images and static files at debug only', async () => {
    t = await startTestServer();
    for (const url of [IMAGE, ASSET]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(linesOf(t, String(res.headers['x-request-id'])), url).toEqual([]);
    }
    await t.close();
    t = await startTestServer({ logLevel: 'debug' });
    for (const url of [IMAGE, ASSET]) {
      const res = await t.app.inject({ url });
      const lines = linesOf(t, String(res.headers['x-request-id']));
      expect(lines, url).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 20, req: { url }, res: { statusCode: 200 } });
    }
  });

  it('tells the quiet paths from pages and API calls', () => {
    for (const url of [
      IMAGE,
      '/i/img-master/a/1_p0.jpg',
      '/sk/uploads/x.jpg',
      ASSET,
      '/favicon.svg',
    ])
      expect(isQuietPath(url), url).toBe(true);
    for (const url of ['/', '/rank/daily', '/i/12345', '/s/cat', RANK, '/api/config'])
      expect(isQuietPath(url), url).toBe(false);
  });
});

describe('redactUrlSecrets', () => {
  it('redacts every secret parameter however its name is spelled (issue 34)', () => {
    for (const url of [
      '/api/x?refresh_token=SECRET',
      '/api/x?%72efresh_token=SECRET',
      '/api/x?a=1;refresh_token=SECRET',
      '/api/x;refresh_token=SECRET',
      '/api/x?REFRESH_TOKEN=SECRET',
      '/api/x?refresh%5Ftoken=SECRET',
      '/api/x?refresh%255Ftoken=SECRET',
      '/api/x?b=2&Code_Verifier=SECRET&c=3',
      '/api/x?%50HPSESSID=SECRET',
    ]) {
      const out = redactUrlSecrets(url);
      expect(out, url).not.toContain('SECRET');
      expect(out, url).toContain('[redacted]');
    }
    expect(redactUrlSecrets('/api/x?a=1&b=refresh_token')).toBe('/api/x?a=1&b=refresh_token');
  });

  it('redacts each secret parameter by its own name and spaced with +, and leaves other URLs be', () => {
    for (const name of SECRET_QUERY_PARAMS) {
      for (const url of [`/api/x?${name}=SECRET`, `/api/x?a=1&+${name}+=SECRET`]) {
        expect(redactUrlSecrets(url), url).toContain('=[redacted]');
        expect(redactUrlSecrets(url), url).not.toContain('SECRET');
      }
    }
    const plain = '/api/pixiv/illust?id=179755528&type=illust';
    expect(redactUrlSecrets(plain)).toBe(plain);
  });
});
