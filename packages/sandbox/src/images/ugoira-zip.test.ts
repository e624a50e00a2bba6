import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LONG_UGOIRA_ID, LONG_UGOIRA_INDEX } from '../data/dataset.ts';
import { ugoiraFrames } from '../hosts/app-api/illusts.ts';
import { demoAccessToken, testSandbox } from '../test-helpers.ts';
import { UgoiraZips } from './ugoira-zip.ts';

const { app, state } = testSandbox({ illustCount: 3_000, userCount: 300 });
let token = '';
beforeAll(async () => {
  token = await demoAccessToken(app, 0);
});

const REFERER = { referer: 'https://app-api.pixiv.net/' };

function ugoiraWork(skip = 0) {
  let seen = 0;
  for (let i = 0; i < state.data.illustCount; i++) {
    if (state.data.kind[i] === 2 && seen++ === skip) return state.data.work(i);
  }
  throw new Error('no ugoira');
}

const path = (url: string) => url.replace('https://i.pximg.net', '/i.pximg.net');

describe('ugoira zips', () => {
  it('hold real JPEG frames named and counted as /v1/ugoira/metadata and ugoira_meta say', async () => {
    const work = ugoiraWork();
    const meta = (
      await app.inject({
        url: `/app-api.pixiv.net/v1/ugoira/metadata?illust_id=${work.id}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as {
      ugoira_metadata: { zip_urls: { medium: string }; frames: { file: string; delay: number }[] };
    };
    const web = (
      await app.inject({ url: `/www.pixiv.net/ajax/illust/${work.id}/ugoira_meta` })
    ).json() as {
      error: boolean;
      body: {
        src: string;
        originalSrc: string;
        mime_type: string;
        frames: { file: string; delay: number }[];
      };
    };
    expect(web.error).toBe(false);
    expect(web.body.src).toBe(meta.ugoira_metadata.zip_urls.medium);
    expect(web.body.originalSrc).toBe(
      meta.ugoira_metadata.zip_urls.medium.replace('_ugoira600x600', '_ugoira1920x1080'),
    );
    expect(web.body.frames).toEqual(meta.ugoira_metadata.frames);
    expect(web.body.mime_type).toBe('image/jpeg');

    for (const [url, box] of [
      [web.body.src, { width: 600, height: 600 }],
      [web.body.originalSrc, { width: 1920, height: 1080 }],
    ] as const) {
      const res = await app.inject({ url: path(url), headers: REFERER });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const files = unzipSync(new Uint8Array(res.rawPayload));
      expect(Object.keys(files).sort()).toEqual(web.body.frames.map((f) => f.file));
      expect(Object.keys(files)[0]).toBe('000000.jpg');
      const frame = Buffer.from(files['000000.jpg']!);
      expect(frame.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      const info = await sharp(frame).metadata();
      expect(info.format).toBe('jpeg');
      expect(info.width).toBeLessThanOrEqual(box.width);
      expect(info.height).toBeLessThanOrEqual(box.height);
      expect(Math.max(info.width / work.width, info.height / work.height)).toBeCloseTo(
        Math.min(1, box.width / work.width, box.height / work.height),
        1,
      );
      // Frames differ: the picture moves.
      const last = Buffer.from(files[web.body.frames.at(-1)!.file]!);
      expect(last.equals(frame)).toBe(false);
    }
  });

  it('are Referer-checked, 404 for works that are no ugoira or a wrong date, with ETag and Range', async () => {
    const work = ugoiraWork(1);
    const meta = (
      await app.inject({ url: `/www.pixiv.net/ajax/illust/${work.id}/ugoira_meta` })
    ).json() as { body: { src: string } };
    const url = path(meta.body.src);
    expect((await app.inject({ url })).statusCode).toBe(403);
    const full = await app.inject({ url, headers: REFERER });
    expect(full.statusCode).toBe(200);
    const etag = full.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(full.headers['accept-ranges']).toBe('bytes');
    const again = await app.inject({ url, headers: { ...REFERER, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const part = await app.inject({ url, headers: { ...REFERER, range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${full.rawPayload.length}`);
    expect(part.rawPayload.equals(full.rawPayload.subarray(0, 100))).toBe(true);
    // The zip's local file header signature.
    expect(part.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

    const illust = state.data.work(Array.from(state.data.kind).findIndex((k) => k === 0));
    const notUgoira = url.replace(`/${work.id}_`, `/${illust.id}_`);
    expect((await app.inject({ url: notUgoira, headers: REFERER })).statusCode).toBe(404);
    const wrongDate = url.replace(/\/img\/\d{4}\//, '/img/1999/');
    expect((await app.inject({ url: wrongDate, headers: REFERER })).statusCode).toBe(404);
    const web = await app.inject({ url: `/www.pixiv.net/ajax/illust/${illust.id}/ugoira_meta` });
    expect(web.statusCode).toBe(400);
    expect(web.json()).toMatchObject({ error: true, body: [] });
    expect(web.json().message).not.toBe('');
  });

  it('builds each zip once, shares concurrent builds, and keeps only as many bytes as allowed', async () => {
    const works = [ugoiraWork(2), ugoiraWork(3)];
    const zips = new UgoiraZips(state.data, (id) => ugoiraFrames(state, id), 1);
    const srcOf = async (id: number) =>
      (
        (await app.inject({ url: `/www.pixiv.net/ajax/illust/${id}/ugoira_meta` })).json() as {
          body: { src: string };
        }
      ).body.src.replace('https://i.pximg.net/', '');
    const a = await srcOf(works[0]!.id);
    const [x, y] = await Promise.all([zips.get(a), zips.get(a)]);
    expect(x!.bytes.equals(y!.bytes)).toBe(true);
    expect(zips.builds).toBe(1);
    // Over the 1-byte budget nothing is kept, so the next request builds again.
    await zips.get(a);
    expect(zips.builds).toBe(2);

    const roomy = new UgoiraZips(state.data, (id) => ugoiraFrames(state, id));
    await roomy.get(a);
    await roomy.get(a);
    expect(roomy.builds).toBe(1);
    expect(zips.get(a.replace('.zip', '.tar'))).toBeNull();
  });

  it('include the long ugoira: a fixed id, 150 different 600×600 frames, ids still ascending', async () => {
    const d = state.data;
    expect(d.ids[LONG_UGOIRA_INDEX]).toBe(LONG_UGOIRA_ID);
    expect(d.ids[LONG_UGOIRA_INDEX - 1]!).toBeLessThan(LONG_UGOIRA_ID);
    expect(d.ids[LONG_UGOIRA_INDEX + 1]!).toBeGreaterThan(LONG_UGOIRA_ID);
    const work = d.workById(LONG_UGOIRA_ID)!;
    expect([work.kind, work.xRestrict, work.width, work.height]).toEqual(['ugoira', 0, 600, 600]);
    const web = (
      await app.inject({ url: `/www.pixiv.net/ajax/illust/${work.id}/ugoira_meta` })
    ).json() as { body: { src: string; frames: { file: string; delay: number }[] } };
    expect(web.body.frames).toHaveLength(150);
    expect(new Set(web.body.frames.map((f) => f.delay))).toEqual(new Set([60, 120]));
    const res = await app.inject({ url: path(web.body.src), headers: REFERER });
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toHaveLength(150);
    const picks = ['000000.jpg', '000001.jpg', '000075.jpg', '000149.jpg'];
    const raws = await Promise.all(
      picks.map((file) =>
        sharp(Buffer.from(files[file]!)).raw().toBuffer({ resolveWithObject: true }),
      ),
    );
    for (const { info } of raws) expect([info.width, info.height]).toEqual([600, 600]);
    // Every pair of frames differs clearly, even neighbours (mean absolute difference ≥ 2).
    for (let a = 0; a < raws.length; a++) {
      for (let b = a + 1; b < raws.length; b++) {
        const x = raws[a]!.data;
        const y = raws[b]!.data;
        let sum = 0;
        for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
        expect(sum / x.length, `${picks[a]} vs ${picks[b]}`).toBeGreaterThan(2);
      }
    }
  });
});
