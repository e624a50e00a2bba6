import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { clearPreloads, holdPreloads } from './preloaded.ts';

function fakeFetch(status: number, body: unknown, seen: string[] = []): typeof fetch {
  return (async (url: string) => {
    seen.push(url);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
}

describe('API client', () => {
  it('answers {status: 0, data} and builds the query', async () => {
    const seen: string[] = [];
    const api = createApiClient({ fetch: fakeFetch(200, { illusts: [] }, seen) });
    expect(await api.get('rank', { mode: 'day', page: 2, date: undefined })).toEqual({
      status: 0,
      data: { illusts: [] },
    });
    expect(seen).toEqual(['/api/pixiv/rank?mode=day&page=2']);
  });

  it('reaches the www proxy under /api/web, and reads its string errors as failures', async () => {
    const seen: string[] = [];
    const ok = createApiClient({ fetch: fakeFetch(200, { contents: [] }, seen) });
    expect(await ok.web('ranking', { mode: 'daily', p: 1 })).toEqual({
      status: 0,
      data: { contents: [] },
    });
    expect(seen).toEqual(['/api/web/ranking?mode=daily&p=1']);
    const envelope = { error: false, message: '', body: { thumbnails: {} } };
    expect(await createApiClient({ fetch: fakeFetch(200, envelope) }).web('discovery')).toEqual({
      status: 0,
      data: envelope,
    });
    const failed = { error: true, message: 'Rate Limit', body: [] };
    expect(await createApiClient({ fetch: fakeFetch(200, failed) }).web('discovery')).toEqual({
      status: -1,
      msg: 'tip.rate_limit',
    });
    const out = createApiClient({ fetch: fakeFetch(200, { error: 'ランキング集計の範囲外です' }) });
    expect(await out.web('ranking')).toEqual({ status: -1, msg: 'tip.unknown_err' });
  });

  it('maps Rate Limit to tip.rate_limit and every other failure to tip.unknown_err', async () => {
    const rate = {
      error: { user_message: '', message: 'Rate Limit', reason: '', user_message_details: {} },
    };
    expect(await createApiClient({ fetch: fakeFetch(200, rate) }).get('rank')).toEqual({
      status: -1,
      msg: 'tip.rate_limit',
    });
    const gone = { error: { user_message: 'deleted', message: '', reason: '' } };
    expect(await createApiClient({ fetch: fakeFetch(200, gone) }).get('illust')).toEqual({
      status: -1,
      msg: 'tip.unknown_err',
    });
    expect(await createApiClient({ fetch: fakeFetch(502, { detail: 'x' }) }).get('rank')).toEqual({
      status: -1,
      msg: 'tip.unknown_err',
    });
    expect(await createApiClient({ fetch: fakeFetch(200, '<html>') }).get('rank')).toEqual({
      status: -1,
      msg: 'tip.unknown_err',
    });
    const throwing = (async () => {
      throw new TypeError('failed to fetch');
    }) as unknown as typeof fetch;
    expect(await createApiClient({ fetch: throwing }).get('rank')).toEqual({
      status: -1,
      msg: 'tip.unknown_err',
    });
  });

  it('gives up after the timeout', async () => {
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as unknown as typeof fetch;
    const started = Date.now();
    const res = await createApiClient({ fetch: hanging, timeoutMs: 50 }).get('rank');
    expect(res).toEqual({ status: -1, msg: 'tip.unknown_err' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('credentials', () => {
  // The sandbox's demo account (packages/sandbox/README.md).
  const SESSION = {
    session: '11000001_sbxDemoSession000000000000000001',
    csrfToken: '5a6e64626f7844656d6f437372663030',
  };
  const TOKEN = 'sbxDemoRefreshToken000000000000000000000001';

  function recording() {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return new Response('{}', { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    return { calls, fetch };
  }

  it('sends the session and CSRF token on web-proxy calls only, the token on mirror calls only', async () => {
    const { calls, fetch } = recording();
    const api = createApiClient({ fetch, userToken: () => TOKEN, webSession: () => SESSION });
    await api.web('illust_discovery', { mode: 'safe', max: 18 });
    await api.get('rank');
    await api.extras('lives/1.json');
    const [web, mirror, extras] = calls;
    expect(web!.url).toBe('/api/web/illust_discovery?mode=safe&max=18');
    expect(web!.headers['x-pixiv-session']).toBe(SESSION.session);
    expect(web!.headers['x-csrf-token']).toBe(SESSION.csrfToken);
    expect(web!.headers['x-pixiv-refresh-token']).toBeUndefined();
    expect(mirror!.headers['x-pixiv-refresh-token']).toBe(TOKEN);
    for (const other of [mirror!, extras!]) {
      expect(other.headers['x-pixiv-session']).toBeUndefined();
      expect(other.headers['x-csrf-token']).toBeUndefined();
    }
    expect(extras!.headers['x-pixiv-refresh-token']).toBeUndefined();
  });

  it('sends no session headers while none is stored', async () => {
    const { calls, fetch } = recording();
    await createApiClient({ fetch, webSession: () => undefined }).web('discovery_users');
    expect(Object.keys(calls[0]!.headers)).toEqual(['accept']);
  });

  it('reads from a chosen third-party mirror, which never receives the user token', async () => {
    const { calls, fetch } = recording();
    const base = 'https://mirror.example/api/pixiv';
    const api = createApiClient({ fetch, base, userToken: () => TOKEN });
    await api.get('rank', { mode: 'day' });
    expect(calls[0]!.url).toBe('https://mirror.example/api/pixiv/rank?mode=day');
    expect(calls[0]!.headers['x-pixiv-refresh-token']).toBeUndefined();
  });

  it('takes the answer the page preloaded for its first call of that URL, unless it adds headers', async () => {
    const doc = document.implementation.createHTMLDocument('');
    doc.head.innerHTML =
      '<link rel="preload" as="fetch" crossorigin href="/api/pixiv/rank?mode=day&amp;page=1">';
    holdPreloads(doc, fakeFetch(200, { illusts: [{ id: 1 }] }));
    const seen: string[] = [];
    const own = fakeFetch(200, { illusts: [] }, seen);
    const signedIn = createApiClient({ fetch: own, userToken: () => 'token' });
    // with the user's token the call is not the preloaded one: it asks on its own
    expect(await signedIn.get('rank', { mode: 'day', page: 1 })).toEqual({
      status: 0,
      data: { illusts: [] },
    });
    const api = createApiClient({ fetch: own });
    expect(await api.get('rank', { mode: 'day', page: 1 })).toEqual({
      status: 0,
      data: { illusts: [{ id: 1 }] },
    });
    expect(seen).toEqual(['/api/pixiv/rank?mode=day&page=1']);
    clearPreloads();
  });
});
