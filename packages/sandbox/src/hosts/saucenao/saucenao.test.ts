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

  it('refuses a file that is not an image', async () => {
    const { status, body } = await search(Buffer.from('hello'), 'text/plain');
    expect(status).toBe(400);
    expect(body.header).toMatchObject({ status: -3, message: NOT_AN_IMAGE });
    const broken = await search(Buffer.from('not really a jpeg'), 'image/jpeg');
    expect(broken.status).toBe(400);
  });
});
