/**
 * The README's "Addressing": a request that names a pixiv host in absolute form
 * (`GET https://app-api.pixiv.net/v1/…`, as `HTTPS_PROXY` clients send it) or in its Host
 * header alone reaches that host's handlers. Sent as real HTTP/1.1 over TCP to the sandbox on
 * 127.0.0.1, so the server's own request-line parsing is part of the test.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { startSandbox, type RunningSandbox } from './index.ts';
import { TEST_NOW } from './test-helpers.ts';

let sandbox: RunningSandbox;
let port = 0;
beforeAll(async () => {
  sandbox = await startSandbox({ now: TEST_NOW, host: '127.0.0.1', port: 0, warmMedia: false });
  port = Number(new URL(sandbox.baseUrl).port);
});
afterAll(() => sandbox.close());

interface Answer {
  status: number;
  type: string;
  body: Buffer;
}

/** One request with `path` as the request target, exactly as given, and the Host header. */
function send(
  path: string,
  host: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path,
        headers: { Host: host, ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const json = (a: Answer) => JSON.parse(a.body.toString('utf8')) as Record<string, unknown>;

describe('absolute-form and Host-header requests over TCP', () => {
  it('signs in, reads a work and its image as an HTTPS_PROXY client would', async () => {
    const token = await send(
      'https://oauth.secure.pixiv.net/auth/token',
      'oauth.secure.pixiv.net',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: 'id',
          client_secret: 'secret',
          grant_type: 'refresh_token',
          refresh_token: DEMO_ACCOUNTS[0]!.refreshToken,
        }).toString(),
      },
    );
    expect(token.status).toBe(200);
    const { access_token: accessToken } = json(token) as { access_token: string };

    const d = sandbox.state.data;
    const work = d.work(d.firstIndexFrom(sandbox.state.now) - 1);
    const detail = await send(
      `https://app-api.pixiv.net/v1/illust/detail?illust_id=${work.id}`,
      'app-api.pixiv.net',
      { headers: { authorization: `Bearer ${accessToken}` } },
    );
    expect(detail.status).toBe(200);
    const illust = json(detail).illust as {
      id: number;
      title: string;
      image_urls: { medium: string };
    };
    expect(illust).toMatchObject({ id: work.id, title: work.title });

    const medium = new URL(illust.image_urls.medium);
    const image = await send(medium.toString(), medium.host, {
      headers: { referer: 'https://app-api.pixiv.net/' },
    });
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/jpeg');
    expect(image.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('routes by the Host header alone, and leaves other hosts alone', async () => {
    const d = sandbox.state.data;
    const work = d.work(d.firstIndexFrom(sandbox.state.now) - 2);
    const web = await send(`/ajax/illust/${work.id}`, 'www.pixiv.net');
    expect(web.status).toBe(200);
    expect(json(web)).toMatchObject({ error: false, body: { illustId: String(work.id) } });
    // The absolute form wins over a Host header that names another pixiv host.
    const named = await send(`https://www.pixiv.net/ajax/illust/${work.id}`, 'app-api.pixiv.net');
    expect(json(named)).toMatchObject({ body: { illustId: String(work.id) } });
    // An app-API request without a token meets pixiv's OAuth error, not the sandbox's index.
    const anonymous = await send(
      'https://app-api.pixiv.net/v1/illust/ranking',
      'app-api.pixiv.net',
    );
    expect(anonymous.status).toBe(400);
    expect(JSON.stringify(json(anonymous))).toContain('invalid_request');
    // A host the sandbox does not simulate is not routed anywhere.
    const other = await send('http://example.com/v1/illust/ranking', 'example.com');
    expect(other.status).toBe(404);
  });
});
