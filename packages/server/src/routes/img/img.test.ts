import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toProxiedImageUrl, type RawIllustListResponse } from '@pv/core';
import { startTestServer, type TestServer } from '../../test-helpers.ts';
import { isSafeImagePath } from './index.ts';

let t: TestServer;
let medium: string;
beforeAll(async () => {
  t = await startTestServer();
  const ranked = (
    await t.app.inject({ url: '/api/pixiv/rank?mode=day&date=2026-11-19' })
  ).json() as RawIllustListResponse;
  medium = ranked.illusts[0]!.image_urls.medium;
});
afterAll(() => t.close());

describe('/i/* image proxy', () => {
  it('fetches with the pixiv Referer and answers the same bytes with long cache headers', async () => {
    const path = medium.replace('https://i.pximg.net/', '');
    const direct = await fetch(`${t.sandbox.hosts.pximg}/${path}`);
    expect(direct.status).toBe(403);
    const viaReferer = Buffer.from(
      await (
        await fetch(`${t.sandbox.hosts.pximg}/${path}`, {
          headers: { referer: 'https://www.pixiv.net/' },
        })
      ).arrayBuffer(),
    );
    const res = await t.app.inject({ url: `/i/${path}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(viaReferer)).toBe(true);
  });

  it('passes Range through', async () => {
    const path = medium.replace('https://i.pximg.net/', '');
    const res = await t.app.inject({ url: `/i/${path}`, headers: { range: 'bytes=0-15' } });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.length).toBe(16);
    expect(res.headers['content-range']).toMatch(/^bytes 0-15\/\d+$/);
  });

  it('serves s.pximg.net placeholders under /s/*', async () => {
    const res = await t.app.inject({ url: '/s/common/images/no_profile.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('refuses traversal and encoded tricks', async () => {
    for (const url of [
      '/i/..%2f..%2fetc/passwd.jpg',
      '/i/%2e%2e/x.jpg',
      '/i/a//b.jpg',
      '/i/a/../b.jpg',
      '/i/a%00.jpg',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // Without an image extension nothing is fetched: the app shell answers.
    const page = await t.app.inject({ url: '/i/..%2f..%2fetc/passwd' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(isSafeImagePath('img-master/img/2026/01/01/00/00/00/1_p0_master1200.jpg')).toBe(true);
    expect(isSafeImagePath('c/540x540_70/img-master/x.jpg')).toBe(true);
    for (const bad of ['../x', 'a/../b', '/x', 'a//b', 'a\\b', 'a%2fb', 'a?b', 'a/.hidden', '']) {
      expect(isSafeImagePath(bad), bad).toBe(false);
    }
  });

  it('answers 404 for an image upstream does not have', async () => {
    const res = await t.app.inject({
      url: '/i/img-master/img/2000/01/01/00/00/00/1_p0_master1200.jpg',
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends /i/{id} and /s/{keyword} page requests to the app, not to pximg', async () => {
    for (const url of ['/i/12345', `/s/${encodeURIComponent('猫 耳')}`, '/s/cat']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });
});

describe('/sk/* sketch image proxy', () => {
  it('serves live thumbnails from img-sketch.pximg.net and refuses other shapes', async () => {
    const live = t.sandbox.state.lives.broadcasting()[0]!;
    const detail = (await t.app.inject({ url: `/api/lives/${live.id}.json` })).json() as {
      data: { thumbnail: { w400: { url: string } } };
    };
    const url = detail.data.thumbnail.w400.url;
    expect(toProxiedImageUrl(url)).toMatch(/^\/sk\/c!\/w=400,f=webp:jpeg\/uploads\//);
    const res = await t.app.inject({ url: toProxiedImageUrl(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('immutable');
    for (const bad of [
      '/sk/../i/x.jpg',
      '/sk/c!/w=400,f=webp:jpeg/other/1/a.jpg',
      '/sk/uploads/a/file/1/%2e%2e.jpg',
    ]) {
      expect((await t.app.inject({ url: bad })).statusCode, bad).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('CORS on the image routes (CORS_ORIGINS)', () => {
  const CLIENT = 'https://client.example';
  const imagePaths = async (server: TestServer) => {
    const live = server.sandbox.state.lives.broadcasting()[0]!;
    const detail = (await server.app.inject({ url: `/api/lives/${live.id}.json` })).json() as {
      data: { thumbnail: { w400: { url: string } } };
    };
    return [
      `/i/${medium.replace('https://i.pximg.net/', '')}`,
      '/s/common/images/no_profile.png',
      toProxiedImageUrl(detail.data.thumbnail.w400.url),
    ];
  };

  it('sends no CORS headers unless origins are configured', async () => {
    for (const url of await imagePaths(t)) {
      const res = await t.app.inject({ url, headers: { origin: CLIENT } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  it('lets exactly the configured origins read every image route, and answers their preflights', async () => {
    const cors = await startTestServer({ corsOrigins: [CLIENT] });
    try {
      for (const url of await imagePaths(cors)) {
        const ok = await cors.app.inject({ url, headers: { origin: CLIENT } });
        expect(ok.statusCode, url).toBe(200);
        expect(ok.headers['access-control-allow-origin'], url).toBe(CLIENT);
        expect(String(ok.headers.vary), url).toMatch(/origin/i);
        expect(String(ok.headers['access-control-expose-headers']), url).toContain(
          'content-length',
        );
        const other = await cors.app.inject({ url, headers: { origin: 'https://evil.example' } });
        expect(other.statusCode, url).toBe(200);
        expect(other.headers['access-control-allow-origin'], url).toBeUndefined();
        const preflight = await cors.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin: CLIENT,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'range',
          },
        });
        expect(preflight.statusCode, url).toBe(204);
        expect(preflight.headers['access-control-allow-origin'], url).toBe(CLIENT);
        expect(String(preflight.headers['access-control-allow-methods']), url).toContain('GET');
        expect(String(preflight.headers['access-control-allow-headers']), url).toMatch(/range/i);
      }
      // a refused image path and an error answer carry the header too, so the client can read why
      const bad = await cors.app.inject({ url: '/i/a//b.jpg', headers: { origin: CLIENT } });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['access-control-allow-origin']).toBe(CLIENT);
      // only the image paths (and the mirror) answer preflights: not the pages, not /api/web
      for (const url of ['/rank/daily', '/api/web/illust_new']) {
        const res = await cors.app.inject({
          method: 'OPTIONS',
          url,
          headers: { origin: CLIENT, 'access-control-request-method': 'GET' },
        });
        expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      }
      // the short links /i/{id} stay pages of the app
      const page = await cors.app.inject({ url: '/i/12345', headers: { accept: 'text/html' } });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    } finally {
      await cors.close();
    }
  });

  it('lets any origin read them with *', async () => {
    const cors = await startTestServer({ corsOrigins: ['*'] });
    try {
      const res = await cors.app.inject({
        url: '/s/common/images/no_profile.png',
        headers: { origin: 'https://any.example' },
      });
      expect(res.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await cors.close();
    }
  });
});
