import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { byteLru, Limiter, LimiterFull } from './ugoira-mp4.ts';
import { createUgoiraService, ugoiraRoutes, UGOIRA_MP4_MAX_AGE } from './ugoira.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

interface Frame {
  file: string;
  delay: number;
}

/** The n-th ugoira of the dataset and its frames, as /v1/ugoira/metadata lists them. */
async function ugoira(n: number): Promise<{ id: number; frames: Frame[]; zip: string }> {
  const d = t.sandbox.state.data;
  let seen = 0;
  for (let i = 0; i < d.illustCount; i++) {
    if (d.kind[i] !== 2 || seen++ !== n) continue;
    const id = d.work(i).id;
    const meta = (await t.app.inject({ url: `/api/pixiv/ugoira_metadata?id=${id}` })).json() as {
      ugoira_metadata: { frames: Frame[]; zip_urls: { medium: string } };
    };
    const { frames, zip_urls } = meta.ugoira_metadata;
    return { id, frames, zip: zip_urls.medium };
  }
  throw new Error('no ugoira');
}

/** The boxes of an MP4 at one level: type → [start of body, end]. */
function boxes(b: Buffer, from = 0, to = b.length): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (let at = from; at + 8 <= to;) {
    const size = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    if (size < 8) break;
    out.set(type, [at + 8, at + size]);
    at += size;
  }
  return out;
}

/** Duration in ms (mvhd), video sample count (stsz) and the first sample entry (stsd). */
function readMp4(b: Buffer) {
  const top = boxes(b);
  const [moovStart, moovEnd] = top.get('moov')!;
  const moov = boxes(b, moovStart, moovEnd);
  const [mvhd] = moov.get('mvhd')!;
  const v1 = b[mvhd] === 1;
  const timescale = b.readUInt32BE(mvhd + (v1 ? 20 : 12));
  const duration = v1 ? Number(b.readBigUInt64BE(mvhd + 24)) : b.readUInt32BE(mvhd + 16);
  const [trakStart, trakEnd] = moov.get('trak')!;
  const [mdiaStart, mdiaEnd] = boxes(b, trakStart, trakEnd).get('mdia')!;
  const [minfStart, minfEnd] = boxes(b, mdiaStart, mdiaEnd).get('minf')!;
  const [stblStart, stblEnd] = boxes(b, minfStart, minfEnd).get('stbl')!;
  const stbl = boxes(b, stblStart, stblEnd);
  const [stsz] = stbl.get('stsz')!;
  const [stsd] = stbl.get('stsd')!;
  return {
    ms: (duration / timescale) * 1000,
    samples: b.readUInt32BE(stsz + 8),
    codec: b.toString('latin1', stsd + 12, stsd + 16),
    brand: b.toString('latin1', 8, 12),
    fastStart: [...top.keys()].indexOf('moov') < [...top.keys()].indexOf('mdat'),
  };
}

describe('GET /api/ugoira/{id}.mp4', () => {
  it('encodes the 1920x1080 zip into an H.264 MP4 exactly as long as the delays add up to', async () => {
    for (const n of [0, 2]) {
      const { id, frames } = await ugoira(n);
      const res = await t.app.inject({ url: `/api/ugoira/${id}.mp4` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['cache-control']).toBe(`public, max-age=${UGOIRA_MP4_MAX_AGE}`);
      const mp4 = res.rawPayload;
      expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
      const info = readMp4(mp4);
      expect(info.codec).toBe('avc1');
      expect(info.fastStart).toBe(true);
      // Exactly the sum of the delays; one sample per frame, plus the copy that marks the end.
      expect(info.ms).toBe(frames.reduce((sum, f) => sum + f.delay, 0));
      expect(info.samples).toBe(frames.length + 1);
      const again = await t.app.inject({ url: `/api/ugoira/${id}.mp4` });
      expect(again.headers['x-cache-hit']).toBe('true');
      expect(again.rawPayload.equals(mp4)).toBe(true);
    }
  }, 60_000);

  it('answers byte ranges for video players', async () => {
    const { id } = await ugoira(0);
    const whole = (await t.app.inject({ url: `/api/ugoira/${id}.mp4` })).rawPayload;
    const part = await t.app.inject({
      url: `/api/ugoira/${id}.mp4`,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.length}`);
    expect(part.rawPayload.equals(whole.subarray(0, 100))).toBe(true);
    const tail = await t.app.inject({
      url: `/api/ugoira/${id}.mp4`,
      headers: { range: 'bytes=-10' },
    });
    expect(tail.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true);
    const over = await t.app.inject({
      url: `/api/ugoira/${id}.mp4`,
      headers: { range: `bytes=${whole.length}-` },
    });
    expect(over.statusCode).toBe(416);
  }, 60_000);

  it('answers 422 for a bad id and 404 for works that are not ugoira', async () => {
    for (const path of ['abc.mp4', '1.gif', '1234567890123.mp4']) {
      expect((await t.app.inject({ url: `/api/ugoira/${path}` })).statusCode, path).toBe(422);
    }
    const d = t.sandbox.state.data;
    const illust = d.work([...d.kind].findIndex((k) => k === 0));
    const res = await t.app.inject({ url: `/api/ugoira/${illust.id}.mp4` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ugoira not found' });
    expect((await t.app.inject({ url: '/api/ugoira/999999999.mp4' })).statusCode).toBe(404);
  });

  it('fetches the 1920x1080 zip; answers 502 when it cannot, and stays up', async () => {
    const { id, zip } = await ugoira(1);
    // Only the 1920x1080 zip fails: the answer shows that it is the one fetched.
    const big = new URL(zip.replace('_ugoira600x600.zip', '_ugoira1920x1080.zip')).pathname;
    t.sandbox.state.faults.add({ pathPrefix: `/i.pximg.net${big}`, status: 500, times: 1 });
    const res = await t.app.inject({ url: `/api/ugoira/${id}.mp4` });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'ugoira zip download failed' });
    t.sandbox.state.faults.add({
      pathPrefix: '/app-api.pixiv.net/v1/ugoira/',
      status: 500,
      times: 1,
    });
    expect((await t.app.inject({ url: `/api/ugoira/${id}.mp4` })).statusCode).toBe(502);
    expect((await t.app.inject({ url: `/api/ugoira/${id}.mp4` })).statusCode).toBe(200);
  }, 60_000);

  it('shares one encode among concurrent requests and runs encodes one at a time when told', async () => {
    const service = createUgoiraService({ upstream: t.app.upstream, maxEncodes: 1 });
    const app = Fastify();
    await app.register(
      async (scope) => ugoiraRoutes(scope, { upstream: t.app.upstream, service }),
      {
        prefix: '/api',
      },
    );
    const [a, b] = await Promise.all([ugoira(2), ugoira(3)]);
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, service.limiter.active)), 1);
    const answers = await Promise.all([
      app.inject({ url: `/api/ugoira/${a.id}.mp4` }),
      app.inject({ url: `/api/ugoira/${a.id}.mp4` }),
      app.inject({ url: `/api/ugoira/${a.id}.mp4` }),
      app.inject({ url: `/api/ugoira/${b.id}.mp4` }),
    ]);
    clearInterval(watch);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(service.encodes).toBe(2);
    expect(peak).toBe(1);
    expect(answers[1]!.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    expect(answers[3]!.rawPayload.equals(answers[0]!.rawPayload)).toBe(false);
    await app.close();
  }, 120_000);
});

describe('the encode limiter and the MP4 cache', () => {
  it('never runs more than max jobs at once', async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let peak = 0;
    const job = async () => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
    };
    await Promise.all(Array.from({ length: 7 }, () => limiter.run(job)));
    expect(peak).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it('refuses a job that would wait behind maxWaiting others', async () => {
    const limiter = new Limiter(1, 2);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = [limiter.run(() => gate), limiter.run(() => gate), limiter.run(() => gate)];
    expect(limiter.queued).toBe(2);
    await expect(limiter.run(() => gate)).rejects.toBeInstanceOf(LimiterFull);
    release();
    await Promise.all(held);
    await expect(limiter.run(async () => 'ran')).resolves.toBe('ran');
  });

  it('keeps at most maxBytes, dropping the least recently used', () => {
    const lru = byteLru(10);
    lru.set('a', Buffer.alloc(4));
    lru.set('b', Buffer.alloc(4));
    lru.get('a');
    lru.set('c', Buffer.alloc(4));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.calculatedSize).toBe(8);
    lru.set('big', Buffer.alloc(11));
    expect(lru.get('big')).toBeUndefined();
  });
});
