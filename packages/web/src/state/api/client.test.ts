import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';

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
