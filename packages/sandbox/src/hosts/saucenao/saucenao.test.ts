import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startSandbox, type RunningSandbox } from '../../index.ts';
import { TEST_NOW } from '../../test-helpers.ts';
import { workPageUrls } from '../../images/urls.ts';
import { latestRankingDay } from '../../data/ranking.ts';
import { NOT_AN_IMAGE } from './index.ts';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ now: TEST_NOW, faults: [], warmMedia: false });
});
afterAll(() => sb.close());

interface SauceResult {
  header: { similarity: string; thumbnail: string };
  data: { pixiv_id: number; title: string; member_name: string; ext_urls: string[] };
}

async function search(bytes: Buffer, type = 'image/jpeg') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'query.jpg');
  const res = await fetch(`${sb.hosts.imageSearch}/search.php?output_type=2&numres=16`, {
    method: 'POST',
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      header: { status: number; message?: string };
      results?: SauceResult[];
    },
  };
}

describe('saucenao image search', () => {
  it('finds the work an image shows, near 100 %, far above unrelated works', async () => {
    const day = latestRankingDay(TEST_NOW);
    const work = sb.state.data.work(sb.state.rankings.indexes('day', day)[3]!);
    const medium = new URL(workPageUrls(work, 0).medium).pathname;
    const image = await fetch(`${sb.hosts.pximg}${medium}`, {
      headers: { referer: 'https://www.pixiv.net/' },
    });
    // a recompressed, resized copy, as a user would upload it
    const upload = await sharp(Buffer.from(await image.arrayBuffer()))
      .resize(300)
      .jpeg({ quality: 60 })
      .toBuffer();
    const { status, body } = await search(upload);
    expect(status).toBe(200);
    expect(body.header.status).toBe(0);
    const results = body.results!;
    expect(results.length).toBe(16);
    expect(results[0]!.data.pixiv_id).toBe(work.id);
    expect(Number(results[0]!.header.similarity)).toBeGreaterThan(90);
    expect(results[0]!.data.ext_urls[0]).toContain(`illust_id=${work.id}`);
    expect(results[0]!.data.member_name).toBe(work.user.name);
    const rest = results.slice(1).map((r) => Number(r.header.similarity));
    expect(Math.max(...rest)).toBeLessThan(Number(results[0]!.header.similarity) - 10);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
  }, 60_000);

  it('finds works outside the rankings (all ages and R-18) across the whole dataset, not R-18G', async () => {
    const d = sb.state.data;
    const day = latestRankingDay(TEST_NOW);
    const ranked = new Set(
      [
        'day',
        'week',
        'month',
        'day_manga',
        'week_manga',
        'day_r18',
        'week_r18',
        'week_r18g',
      ].flatMap((mode) => Array.from(sb.state.rankings.indexes(mode, day))),
    );
    // The oldest works of each rating: years before any ranking the sandbox serves.
    const oldest = (x: number) => {
      for (let i = 0; i < d.illustCount; i++) if (d.xRestrict[i] === x && !ranked.has(i)) return i;
      throw new Error(`no work rated ${x}`);
    };
    const upload = async (index: number) => {
      const work = d.work(index);
      const medium = new URL(workPageUrls(work, 0).medium).pathname;
      const image = await fetch(`${sb.hosts.pximg}${medium}`, {
        headers: { referer: 'https://www.pixiv.net/' },
      });
      const bytes = await sharp(Buffer.from(await image.arrayBuffer()))
        .resize(300)
        .jpeg({ quality: 60 })
        .toBuffer();
      return { work, results: (await search(bytes)).body.results! };
    };
    for (const rating of [0, 1]) {
      const { work, results } = await upload(oldest(rating));
      expect(sb.state.imageIndex.covers(work.index)).toBe(true);
      expect(results[0]!.data.pixiv_id).toBe(work.id);
      expect(Number(results[0]!.header.similarity)).toBeGreaterThan(90);
    }
    // R-18G works are not indexed: the picture finds only other works, none of them closely.
    const { work, results } = await upload(oldest(2));
    expect(sb.state.imageIndex.covers(work.index)).toBe(false);
    expect(results.map((r) => r.data.pixiv_id)).not.toContain(work.id);
    expect(Number(results[0]!.header.similarity)).toBeLessThan(90);
    const stats = await sb.state.imageIndex.stats();
    expect(stats.works).toBeGreaterThan(0.9 * d.firstIndexFrom(sb.state.now));
  }, 60_000);

  it('refuses a file that is not an image', async () => {
    const { status, body } = await search(Buffer.from('hello'), 'text/plain');
    expect(status).toBe(400);
    expect(body.header).toMatchObject({ status: -3, message: NOT_AN_IMAGE });
    const broken = await search(Buffer.from('not really a jpeg'), 'image/jpeg');
    expect(broken.status).toBe(400);
  });
});
