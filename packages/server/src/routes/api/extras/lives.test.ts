import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startListeningTestServer, type TestServer } from '../../../test-helpers.ts';

let t: TestServer;
let base: string;
beforeAll(async () => {
  ({ t, base } = await startListeningTestServer());
});
afterAll(() => t.close());

const live = () => t.sandbox.state.lives.broadcasting()[0]!;

describe('live JSON through the server', () => {
  it('relays a live and its chat log verbatim, and the envelope error for an unknown id', async () => {
    const l = live();
    const one = await t.app.inject({ url: `/api/lives/${l.id}.json` });
    expect(one.statusCode).toBe(200);
    const direct = await (await fetch(`${t.sandbox.hosts.sketch}/api/lives/${l.id}.json`)).json();
    const body = one.json() as { data: unknown };
    expect(body.data).toEqual((direct as { data: unknown }).data);
    const logs = await t.app.inject({ url: `/api/lives/${l.id}/logs.json` });
    expect((logs.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const missing = await t.app.inject({ url: '/api/lives/1.json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ errors: [{ message: expect.any(String) }] });
    expect((await t.app.inject({ url: '/api/lives/abc.json' })).statusCode).toBe(404);
  });

  it('the mirror live_list sends offset only after page 1', async () => {
    const before = t.sandbox.state.faults.log.length;
    const first = await t.app.inject({ url: '/api/pixiv/live_list' });
    expect((first.json() as { lives: unknown[] }).lives.length).toBeGreaterThan(0);
    await t.app.inject({ url: '/api/pixiv/live_list?page=2' });
    const calls = t.sandbox.state.faults.log
      .slice(before)
      .filter((p) => p.includes('/v1/live/list'));
    expect(calls[0]).not.toContain('offset');
    expect(calls[0]).toContain('list_type=popular');
    expect(calls[1]).toContain('offset=30');
  });
});

describe('HLS through the server', () => {
  it('serves the playlist and MPEG-TS segments, and nothing else of sketch', async () => {
    const l = live();
    const playlist = await t.app.inject({
      url: `/api/sketch/hls/${l.id}/${l.owner.id}/index.m3u8`,
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const segment = /seg\d+\.ts/.exec(playlist.body)![0];
    const ts = await t.app.inject({ url: `/api/sketch/hls/${l.id}/${l.owner.id}/${segment}` });
    expect(ts.statusCode).toBe(200);
    expect(ts.rawPayload[0]).toBe(0x47);
    for (const bad of [
      `/api/sketch/hls/${l.id}/${l.owner.id}/../../api/lives.json`,
      `/api/sketch/hls/${l.id}/x/index.m3u8`,
      '/api/sketch/hls/https://evil.example/a.ts',
    ]) {
      expect((await t.app.inject({ url: bad })).statusCode, bad).toBe(404);
    }
  }, 30_000);
});

describe('the live websocket relay', () => {
  it('passes sketch events through and closes on finish', async () => {
    const l = t.sandbox.state.lives.broadcasting()[3]!;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/lives?live_id=${l.id}`);
    const types: string[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('message', (data) => {
        types.push((JSON.parse(String(data)) as { type: string }).type);
        if (types.includes('chat')) resolve();
      });
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await fetch(`${t.sandbox.baseUrl}/_sandbox/lives/${l.id}/finish`, { method: 'POST' });
    expect(await closed).toBe(1000);
    expect(types).toContain('finish');
  }, 20_000);

  it('refuses a live id that is not a number', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/lives?live_id=..%2Fevil`);
    const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    expect(code).toBe(4400);
  });
});
