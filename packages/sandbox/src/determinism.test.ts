/**
 * The sandbox is a pure function of its seed and its present (README "The dataset"): two
 * sandboxes built in-process with the same seed and the same fixed `now` answer byte-identical
 * bodies and image bytes, and another seed gives another world. A handful of requests each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp, type BuiltSandbox } from './app.ts';
import { TEST_NOW, demoAccessToken } from './test-helpers.ts';
import { DEFAULT_SEED } from './state.ts';

const SIZE = { illustCount: 5_000, userCount: 400, faults: [] };
const build = (seed: number) => buildSandboxApp({ seed, now: TEST_NOW, ...SIZE });

const a = build(DEFAULT_SEED);
const twin = build(DEFAULT_SEED);
const other = build(DEFAULT_SEED + 1);
const all = [a, twin, other];
const tokens = new Map<BuiltSandbox, string>();

beforeAll(async () => {
  for (const s of all) {
    await s.app.ready();
    tokens.set(s, await demoAccessToken(s.app, 0));
  }
});
afterAll(async () => {
  for (const s of all) await s.app.close();
});

const REFERER = { referer: 'https://www.pixiv.net/' };

async function fetchBytes(s: BuiltSandbox, url: string): Promise<Buffer> {
  const res = await s.app.inject({
    url,
    headers: url.startsWith('/app-api.pixiv.net')
      ? { authorization: `Bearer ${tokens.get(s)!}`, 'accept-language': 'ja' }
      : REFERER,
  });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
}

/** The newest all-ages work of a kind before the sandbox's present. */
function newest(s: BuiltSandbox, kind: string) {
  const d = s.state.data;
  for (let i = d.firstIndexFrom(s.state.now) - 1; i >= 0; i--) {
    const work = d.work(i);
    if (work.kind === kind && work.xRestrict === 0) return work;
  }
  throw new Error(`no ${kind}`);
}

/** The same spread of requests, chosen in each sandbox by the same rule. */
function bodies(s: BuiltSandbox): string[] {
  const work = newest(s, 'illust');
  const novel = s.state.novels.at(s.state.novels.firstIndexFrom(s.state.now) - 1);
  const word = encodeURIComponent(work.tags[0]!.name);
  return [
    `/app-api.pixiv.net/v1/illust/detail?illust_id=${work.id}`,
    '/app-api.pixiv.net/v1/illust/ranking?mode=day',
    `/app-api.pixiv.net/v1/search/illust?word=${word}&search_target=partial_match_for_tags`,
    `/app-api.pixiv.net/v1/user/detail?user_id=${work.user.id}`,
    `/app-api.pixiv.net/v2/novel/detail?novel_id=${novel.id}`,
    `/app-api.pixiv.net/webview/v2/novel?id=${novel.id}&viewer_version=20221031_ai`,
    `/app-api.pixiv.net/v3/illust/comments?illust_id=${work.id}`,
    `/www.pixiv.net/ajax/illust/${work.id}`,
    '/www.pixivision.net/ja/c/illustration',
  ];
}

/** A crop, a master, an original, a novel cover and an ugoira zip, as the JSON names them. */
async function images(s: BuiltSandbox): Promise<string[]> {
  const json = async (url: string) => JSON.parse((await fetchBytes(s, url)).toString()) as never;
  const work = newest(s, 'illust');
  const { illust } = (await json(`/app-api.pixiv.net/v1/illust/detail?illust_id=${work.id}`)) as {
    illust: {
      image_urls: { square_medium: string; large: string };
      meta_single_page: { original_image_url?: string };
      meta_pages: { image_urls: { original: string } }[];
    };
  };
  const novel = s.state.novels.at(s.state.novels.firstIndexFrom(s.state.now) - 1);
  const { novel: raw } = (await json(
    `/app-api.pixiv.net/v2/novel/detail?novel_id=${novel.id}`,
  )) as {
    novel: { image_urls: { medium: string } };
  };
  const ugoira = newest(s, 'ugoira');
  const { ugoira_metadata: meta } = (await json(
    `/app-api.pixiv.net/v1/ugoira/metadata?illust_id=${ugoira.id}`,
  )) as { ugoira_metadata: { zip_urls: { medium: string } } };
  const original =
    illust.meta_single_page.original_image_url ?? illust.meta_pages[0]!.image_urls.original;
  return [
    illust.image_urls.square_medium,
    illust.image_urls.large,
    original,
    raw.image_urls.medium,
    meta.zip_urls.medium,
  ].map((url) => {
    const u = new URL(url);
    return `/${u.hostname}${u.pathname}`;
  });
}

describe('determinism', () => {
  it('the same seed and now answer byte-identical bodies; another seed, different ones', async () => {
    const urls = bodies(a);
    expect(bodies(twin)).toEqual(urls);
    const others = bodies(other);
    for (const [k, url] of urls.entries()) {
      const mine = await fetchBytes(a, url);
      expect((await fetchBytes(twin, url)).equals(mine), url).toBe(true);
      expect((await fetchBytes(other, others[k]!)).equals(mine), others[k]).toBe(false);
    }
  });

  it('the same seed and now draw byte-identical images; another seed, different ones', async () => {
    const urls = await images(a);
    expect(await images(twin)).toEqual(urls);
    expect(urls.map((u) => u.split('/')[1])).toEqual([
      'i.pximg.net',
      'i.pximg.net',
      'i.pximg.net',
      'i.pximg.net',
      'i.pximg.net',
    ]);
    expect(urls[0]).toMatch(/\/c\/\d+x\d+/);
    expect(urls[1]).toMatch(/_master1200\.jpg$/);
    expect(urls[2]).toMatch(/\/img-original\//);
    expect(urls[3]).toMatch(/novel-cover-master/);
    expect(urls[4]).toMatch(/_ugoira600x600\.zip$/);
    const others = await images(other);
    for (const [k, url] of urls.entries()) {
      const mine = await fetchBytes(a, url);
      expect(mine.length, url).toBeGreaterThan(100);
      expect((await fetchBytes(twin, url)).equals(mine), url).toBe(true);
      expect((await fetchBytes(other, others[k]!)).equals(mine), others[k]).toBe(false);
    }
  });
});
