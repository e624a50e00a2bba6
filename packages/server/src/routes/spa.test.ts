import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-helpers.ts';
import { DEMO_ACCOUNTS } from '@pv/sandbox';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('the SPA', () => {
  it('serves index.html for app paths with a strict CSP and security headers', async () => {
    for (const url of ['/', '/rank/daily', '/artworks/123', '/no/such/page']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      // without PUBLIC_URL the head names the request's host: no shared cache may keep it
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves hashed assets as immutable and 404s missing ones', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('answers an asset from memory: HEAD as GET, 304 for its etag', async () => {
    const url = '/assets/index-abc123.js';
    const get = await t.app.inject({ url });
    expect(get.body).toBe('console.log(1)');
    expect(get.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const name of ['content-length', 'content-type', 'etag', 'cache-control'])
      expect(head.headers[name], name).toBe(get.headers[name]);
    const again = await t.app.inject({
      url,
      headers: { 'if-none-match': String(get.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await t.app.inject({ url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(
      200,
    );
  });

  it('keeps unknown API paths as 404 JSON', async () => {
    const res = await t.app.inject({ url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
  });

  it('tells the app its configuration', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json()).toEqual({
      upstream: 'sandbox',
      imageProxy: null,
      imageProxies: [],
      selfHosted: true,
      mirrors: [],
      demoAccounts: DEMO_ACCOUNTS.map((a) => ({
        account: a.account,
        name: a.name,
        password: a.password,
        refreshToken: a.refreshToken,
        session: a.phpsessid,
        xRestrict: a.xRestrict,
        premium: a.isPremium,
      })),
    });
  });

  it('carries its configuration in every page, as /api/config answers it, in a block that stays data', async () => {
    const hostile = await startTestServer({
      selfHosted: false,
      mirrors: ['https://a.example/</script><script>alert(1)</script><!--\u2028'],
    });
    try {
      const config = (await hostile.app.inject({ url: '/api/config' })).json();
      for (const url of ['/', '/rank/daily', '/artworks/1', '/setting']) {
        const res = await hostile.app.inject({ url, headers: { accept: 'text/html' } });
        const block = /<script type="application\/json" id="pv-config">([^<]*)<\/script>/.exec(
          res.body,
        );
        expect(block, url).not.toBeNull();
        expect(JSON.parse(block![1]!), url).toEqual(config);
        expect(res.body, url).not.toContain('<script>alert');
        expect(res.body, url).not.toContain('<!--\u2028');
      }
      expect(config).toMatchObject({ selfHosted: false });
    } finally {
      await hostile.close();
    }
  });

  it('names no demo accounts against pixiv', async () => {
    const pixiv = await startTestServer({ upstreamKind: 'pixiv' });
    try {
      const res = await pixiv.app.inject({ url: '/api/config' });
      expect(res.json()).toMatchObject({ upstream: 'pixiv', demoAccounts: [] });
    } finally {
      await pixiv.close();
    }
  });
});

describe('with an external image proxy (IMAGE_PROXY) and further ones (IMAGE_PROXIES)', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({
      imageProxy: 'https://i.pixiv.re',
      imageProxies: ['https://i.pixiv.cat/', 'https://i.pixiv.re/'],
    });
  });
  afterAll(() => proxied.close());

  it('tells the app to load images from them, and lets the CSP allow those origins alone', async () => {
    const config = await proxied.app.inject({ url: '/api/config' });
    expect(config.json()).toMatchObject({
      imageProxy: 'https://i.pixiv.re',
      imageProxies: ['https://i.pixiv.cat/', 'https://i.pixiv.re/'],
    });
    const page = await proxied.app.inject({ url: '/', headers: { accept: 'text/html' } });
    const csp = String(page.headers['content-security-policy']);
    const imgSrc = csp.split(';').find((d) => d.trim().startsWith('img-src'))!;
    expect(imgSrc.trim().split(/\s+/).slice(1).sort()).toEqual(
      ["'self'", 'blob:', 'data:', 'https://i.pixiv.cat', 'https://i.pixiv.re'].sort(),
    );
    // the other directives stay as strict as without it
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self'");
  });
});

describe('head parts', () => {
  it('put their markup before </head> of the page, and a failing part adds nothing', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const Fastify = (await import('fastify')).default;
    const { spaRoutes } = await import('./spa.ts');
    const dir = mkdtempSync(join(tmpdir(), 'pv-spa-'));
    writeFileSync(
      join(dir, 'index.html'),
      '<html><head><title>x</title></head><body></body></html>',
    );
    const app = Fastify();
    await app.register((scope) =>
      spaRoutes(scope, {
        webDist: dir,
        head: [
          (req) =>
            req.url.startsWith('/artworks/') ? '<meta property="og:type" content="a">' : '',
          () => {
            throw new Error('upstream down');
          },
          async () => '<link rel="preload" href="/x">',
        ],
      }),
    );
    try {
      const work = await app.inject({ url: '/artworks/1', headers: { accept: 'text/html' } });
      expect(work.statusCode).toBe(200);
      expect(work.body).toBe(
        '<html lang="zh-Hans"><head><title>x</title><meta property="og:type" content="a"><link rel="preload" href="/x"></head><body></body></html>',
      );
      const home = await app.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(home.body).toContain('<title>x</title><link rel="preload" href="/x"></head>');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the first paint in the user’s settings (the pv_paint cookie)', () => {
  const page = (headers: Record<string, string>) =>
    t.app.inject({ url: '/rank/daily', headers: { accept: 'text/html', ...headers } });
  const htmlTag = (body: string) => /<html[^>]*>/.exec(body)![0];
  const styleSrc = (csp: unknown) =>
    String(csp)
      .split(';')
      .find((d) => d.trim().startsWith('style-src'))!
      .trim();

  it('writes the theme, language and layout on <html>, and the accent in a style its hash allows', async () => {
    const res = await page({
      cookie: 'a=1; pv_paint=dark.ff0066.ja.Grid.a',
      'accept-language': 'de',
    });
    expect(htmlTag(res.body)).toBe('<html lang="ja" data-theme="dark" data-layout="Grid">');
    const css = /<style>([^<]*)<\/style><\/head>/.exec(res.body)![1]!;
    expect(css).toBe(
      'html:root{--accent:#ff0066;--accent-contrast:#111317;--accent-ink-light:#db0058;--accent-ink-dark:#ff1f78}',
    );
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(css).digest('base64');
    expect(styleSrc(res.headers['content-security-policy'])).toBe(
      `style-src 'self' 'sha256-${hash}'`,
    );
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
    // an 'auto' theme is the stylesheet's (prefers-color-scheme); the default accent needs no style
    const auto = await page({ cookie: 'pv_paint=auto.38a9f5.en.Justified.a' });
    expect(htmlTag(auto.body)).toBe('<html lang="en" data-layout="Justified">');
    expect(auto.body).not.toContain('<style>');
    expect(styleSrc(auto.headers['content-security-policy'])).toBe("style-src 'self'");
  });

  it('without the cookie, or with a hostile one, paints only the browser’s language', async () => {
    for (const cookie of [
      '',
      'pv_paint=dark.ff0066.ja',
      // the format before the content filters
      'pv_paint=dark.ff0066.ja.Grid',
      'pv_paint=dark.ff0066.ja.Grid.a"><script>alert(1)</script>',
      'pv_paint=dark.ff0066.ja.Grid"><script>alert(1)</script>',
      'pv_paint=dark.ff0066;x}body{color:red.ja.Grid',
      'pv_paint=dark" onload="alert(1).ff0066.ja.Grid',
      'pv_paint=dark.url(x).ja.Grid',
      'pv_paint=light.ff0066.ja.Grid%3Cscript%3E',
      'pv_paint=DARK.ff0066.ja.Grid',
    ]) {
      const res = await page({ cookie, 'accept-language': 'en-US;q=0.5, ja;q=0.8, fr' });
      expect(htmlTag(res.body), cookie).toBe('<html lang="fr">');
      expect(res.body, cookie).not.toMatch(/<style|alert|onload|url\(|color:red/);
      expect(styleSrc(res.headers['content-security-policy'])).toBe("style-src 'self'");
    }
    // no language of ours: the app's fallback
    expect(htmlTag((await page({ 'accept-language': 'nl, x-"evil"' })).body)).toBe(
      '<html lang="zh-Hans">',
    );
  });
});
