import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startSandbox, type RunningSandbox } from '../index.ts';
import { TEST_NOW } from '../test-helpers.ts';
import { LIVE_NOT_FOUND } from './sketch.ts';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ now: TEST_NOW, illustCount: 3_000, userCount: 300, faults: [] });
});
afterAll(() => sb.close());

interface SketchLiveJson {
  id: string;
  finished_at: string | null;
  is_broadcasting: boolean;
  is_adult: boolean;
  audience_count: number;
  performer_count: number;
  owner: { hls_movie: { url: string } };
  thumbnail: { w400: { url: string } };
}
interface Envelope {
  data: {
    id: string;
    lives: SketchLiveJson[];
    performer_count: number;
    thumbnail: { w400: { url: string } };
    length: number;
    [index: number]: { type: string; data: { chat: { message: string } } };
  };
  errors: { message: string }[];
  _links: { next: { href: string } };
}
interface SocketMessage {
  type: string;
  chat?: { message: string; user: { name: string } };
  total_count?: number;
  count?: number;
  total?: number;
}

const json = async (path: string) => {
  const res = await fetch(`${sb.hosts.sketch}${path}`);
  return { status: res.status, body: (await res.json()) as Envelope };
};

describe('sketch JSON', () => {
  it('lists broadcasting lives in the envelope, most watched first', async () => {
    const { status, body } = await json('/api/lives.json?count=20&order_by=audience_count');
    expect(status).toBe(200);
    expect(body.errors).toEqual([]);
    const lives = body.data.lives;
    expect(lives).toHaveLength(20);
    expect(typeof lives[0]!.id).toBe('string');
    expect(lives.every((l) => l.finished_at === null && l.is_broadcasting)).toBe(true);
    const counts = lives.map((l) => l.audience_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(lives[0]!.owner.hls_movie.url).toMatch(
      /^https:\/\/sketch\.pixiv\.net\/hls\/\d+\/\d+\/index\.m3u8$/,
    );
    expect(lives[0]!.thumbnail.w400.url).toMatch(
      /^https:\/\/img-sketch\.pximg\.net\/c!\/w=400,f=webp:jpeg\//,
    );
    expect(lives.some((l) => l.is_adult)).toBe(true);
    expect(body._links.next.href).toContain('page=2');
  });

  it('answers one live, its chat log, and 404 with an error message for an unknown id', async () => {
    const live = sb.state.lives.broadcasting()[0]!;
    const one = await json(`/api/lives/${live.id}.json`);
    expect(one.body.data.id).toBe(live.id);
    expect(one.body.data.performer_count).toBe(live.performers.length);
    const logs = await json(`/api/lives/${live.id}/logs.json`);
    expect(logs.body.data.length).toBeGreaterThan(0);
    expect(logs.body.data[0]).toMatchObject({
      type: 'chat',
      data: { chat: { message: expect.any(String) } },
    });
    const missing = await json('/api/lives/1.json');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]!.message).toBe(LIVE_NOT_FOUND);
  });

  it('serves thumbnails on img-sketch.pximg.net', async () => {
    const live = sb.state.lives.broadcasting()[0]!;
    const { body } = await json(`/api/lives/${live.id}.json`);
    const path = new URL(body.data.thumbnail.w400.url).pathname;
    const res = await fetch(`${sb.hosts.sketchImg}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(
      (await fetch(`${sb.hosts.sketchImg}/c!/w=400,f=webp:jpeg/uploads/medium/file/1/zz.jpg`))
        .status,
    ).toBe(404);
  });
});

describe('sketch websocket', () => {
  it('sends chat, heart and audience updates, then finish when the live ends', async () => {
    const live = sb.state.lives.broadcasting()[1]!;
    const url = `${sb.hosts.sketch.replace('http', 'ws')}/ws/lives?live_id=${live.id}`;
    const ws = new WebSocket(url);
    const seen = new Set<string>();
    const messages: SocketMessage[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as SocketMessage;
        messages.push(m);
        seen.add(m.type);
        if (seen.has('chat') && seen.has('heart') && seen.has('audience_count_updated')) resolve();
      });
    });
    const chat = messages.find((m) => m.type === 'chat')!;
    expect(chat.chat).toMatchObject({
      message: expect.any(String),
      user: { name: expect.any(String) },
    });
    expect(messages.find((m) => m.type === 'heart')!.total_count).toBeGreaterThan(0);
    expect(messages.find((m) => m.type === 'audience_count_updated')).toMatchObject({
      count: expect.any(Number),
      total: expect.any(Number),
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const finished = new Promise<void>((resolve) =>
      ws.on('message', (data) => JSON.parse(String(data)).type === 'finish' && resolve()),
    );
    expect(
      (await fetch(`${sb.baseUrl}/_sandbox/lives/${live.id}/finish`, { method: 'POST' })).status,
    ).toBe(200);
    await finished;
    expect(await closed).toBe(1000);
    expect(sb.state.lives.get(live.id)!.finished).not.toBeNull();
  }, 20_000);
});

describe('live HLS', () => {
  it('serves a live playlist whose segments are real MPEG-TS', async () => {
    const live = sb.state.lives.broadcasting()[2]!;
    const base = `${sb.hosts.sketch}/hls/${live.id}/${live.owner.id}`;
    const res = await fetch(`${base}/index.m3u8`);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const text = await res.text();
    expect(text).toMatch(/^#EXTM3U/);
    expect(text).not.toContain('#EXT-X-ENDLIST');
    const segment = /seg\d+\.ts/.exec(text)![0];
    const bytes = new Uint8Array(await (await fetch(`${base}/${segment}`)).arrayBuffer());
    expect(bytes.length).toBeGreaterThan(10_000);
    // MPEG-TS packets are 188 bytes, each starting with the sync byte 0x47
    expect(bytes[0]).toBe(0x47);
    expect(bytes[188]).toBe(0x47);
    expect((await fetch(`${sb.hosts.sketch}/hls/${live.id}/1/index.m3u8`)).status).toBe(404);
  }, 30_000);
});
