import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RawIllustListResponse } from '@pv/core';
import { startSandbox, type RunningSandbox } from '@pv/sandbox';
import { TEST_NOW, startTestServer, type TestServer } from '../../test-helpers.ts';
import { startHostileTestServer, type HostileTestServer } from '../../test-hostile.ts';

/** A local image host that fails: never answering, or answering 502. */
async function badHost(
  mode: 'hang' | '502',
): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits++;
    if (mode === '502') res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>bad</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function firstPicture(t: TestServer): Promise<string> {
  const ranked = (
    await t.app.inject({ url: '/api/pixiv/rank?mode=day&date=2026-11-19' })
  ).json() as RawIllustListResponse;
  return ranked.illusts[0]!.image_urls.medium.replace('https://i.pximg.net/', '');
}

describe('UPSTREAM_PXIMG candidates', () => {
  let t: TestServer;
  let spare: RunningSandbox;
  let hang: Awaited<ReturnType<typeof badHost>>;
  let broken: Awaited<ReturnType<typeof badHost>>;
  beforeAll(async () => {
    // the same seeded dataset serves the same pictures: a second image host
    spare = await startSandbox({ now: TEST_NOW });
    hang = await badHost('hang');
    broken = await badHost('502');
    t = await startTestServer({
      hosts: { pximg: hang.url },
      pximgFallbacks: [broken.url, spare.hosts.pximg],
      // short, for the hanging source; long enough for the API calls on a busy machine
      upstreamTimeoutMs: 4_000,
    });
  });
  afterAll(async () => {
    await t.close();
    await spare.close();
    await hang.close();
    await broken.close();
  });

  it('fail over from a hanging source and a 502 to the next one that answers', async () => {
    const path = await firstPicture(t);
    const res = await t.app.inject({ url: `/i/${path}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const direct = await fetch(`${spare.hosts.pximg}/${path}`, {
      headers: { referer: 'https://www.pixiv.net/' },
    });
    expect(res.rawPayload.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
    expect(hang.hits()).toBe(1);
    expect(broken.hits()).toBe(1);
  });

  it("answer upstream's 404 for a picture no source has, after trying them all", async () => {
    const before = broken.hits();
    const res = await t.app.inject({
      url: '/i/img-master/img/2000/01/01/00/00/00/1_p0_master1200.jpg',
    });
    // the hanging source gives no answer, the 502 one fails, the sandbox has no such picture
    expect(res.statusCode).toBe(404);
    expect(broken.hits()).toBe(before + 1);
  });
});

describe('the kept copy', () => {
  let h: HostileTestServer;
  let path: string;
  beforeAll(async () => {
    h = await startHostileTestServer();
    path = await firstPicture(h);
  });
  afterAll(() => h.close());
  beforeEach(() => h.hostile.clear());

  it('answers a picture seen before from memory, with its headers, without asking upstream', async () => {
    const other = path;
    const fresh = await h.app.inject({ url: `/i/${other}` });
    expect(fresh.statusCode).toBe(200);
    const asked = h.hostile.log.length;
    const hit = await h.app.inject({ url: `/i/${other}` });
    expect(h.hostile.log.length).toBe(asked);
    expect(hit.statusCode).toBe(200);
    expect(hit.rawPayload.equals(fresh.rawPayload)).toBe(true);
    for (const name of ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control'])
      expect(hit.headers[name], name).toBe(fresh.headers[name]);
    expect(hit.headers['x-image-kept']).toBeUndefined();
    const head = await h.app.inject({ method: 'HEAD', url: `/i/${other}` });
    expect(head.headers['content-length']).toBe(fresh.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
    const etag = String(fresh.headers.etag);
    const revalidated = await h.app.inject({
      url: `/i/${other}`,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(h.hostile.log.length).toBe(asked);
    // a byte range and a reload ask upstream
    await h.app.inject({ url: `/i/${other}`, headers: { range: 'bytes=0-15' } });
    await h.app.inject({ url: `/i/${other}`, headers: { 'cache-control': 'no-cache' } });
    expect(h.hostile.log.length).toBe(asked + 2);
  });

  it('answers a picture seen before while upstream is down, and nothing it never saw', async () => {
    const fresh = await h.app.inject({ url: `/i/${path}` });
    expect(fresh.statusCode).toBe(200);
    h.hostile.add({ pathPrefix: '/i.pximg.net/', status: 503, body: 'down' });
    // a reload asks upstream, and falls back on the kept copy
    const kept = await h.app.inject({
      url: `/i/${path}`,
      headers: { 'cache-control': 'no-cache' },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['x-image-kept']).toBe('true');
    expect(kept.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(kept.headers['cache-control']).toBe('public, max-age=60');
    expect(kept.rawPayload.equals(fresh.rawPayload)).toBe(true);
    const head = await h.app.inject({
      method: 'HEAD',
      url: `/i/${path}`,
      headers: { 'cache-control': 'no-cache' },
    });
    expect(head.headers['x-image-kept']).toBe('true');
    expect(head.headers['content-length']).toBe(fresh.headers['content-length']);
    const other = path.replace(/_p0_/, '_p9_');
    expect((await h.app.inject({ url: `/i/${other}` })).statusCode).toBe(502);
    // a range of a kept picture is not made up from it
    const range = await h.app.inject({ url: `/i/${path}`, headers: { range: 'bytes=0-15' } });
    expect(range.statusCode).toBe(502);
  });

  it('keeps no body cut short', async () => {
    const other = path.replace('c/540x540_70/', 'c/600x1200_90/');
    expect(other).not.toBe(path);
    h.hostile.add({ pathPrefix: '/i.pximg.net/', truncateAt: 100 });
    await h.app.inject({ url: `/i/${other}` }).catch(() => undefined);
    h.hostile.clear();
    h.hostile.add({ pathPrefix: '/i.pximg.net/', status: 503, body: 'down' });
    expect((await h.app.inject({ url: `/i/${other}` })).statusCode).toBe(502);
  });
});
