/**
 * The sandbox is a pure function of its seed and its present (README "Time and determinism"):
 * two sandboxes with the same seed and the same pinned `now` answer byte-identical bodies and
 * image bytes, call after call, and another seed gives another world. Checked in-process, and
 * across processes with the command line (`cli.ts --seed --now`) as a user starts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp, type BuiltSandbox } from './app.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { TEST_NOW, demoAccessToken, spawnSandbox, type SandboxProcess } from './test-helpers.ts';
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

/** One answer as bytes, with what is needed to pick the next request. */
interface Answer {
  url: string;
  status: number;
  bytes: Buffer;
}

/**
 * The same session against a sandbox process: sign in, then JSON of the app API, www and
 * sketch, www's top page, and an image and an ugoira zip the JSON names.
 * Each request is chosen from earlier answers by the same rule, so twins make the same calls
 * in the same order; discovery and the sketch envelope are asked twice, as they change per call.
 */
async function session(baseUrl: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  let bearer = '';
  const call = async (url: string, init: RequestInit = {}) => {
    const u = new URL(url);
    const headers = new Headers(init.headers);
    if (u.hostname === 'app-api.pixiv.net') headers.set('authorization', `Bearer ${bearer}`);
    if (u.hostname.endsWith('pximg.net')) headers.set('referer', 'https://app-api.pixiv.net/');
    const res = await fetch(`${baseUrl}/${u.hostname}${u.pathname}${u.search}`, {
      ...init,
      headers,
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    answers.push({ url, status: res.status, bytes });
    return bytes;
  };
  const json = async <T>(url: string, init?: RequestInit) =>
    JSON.parse((await call(url, init)).toString()) as T;

  ({ access_token: bearer } = await json<{ access_token: string }>(
    'https://oauth.secure.pixiv.net/auth/token',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'id',
        client_secret: 'secret',
        grant_type: 'refresh_token',
        refresh_token: DEMO_ACCOUNTS[0]!.refreshToken,
      }).toString(),
    },
  ));
  interface Illust {
    id: number;
    type: string;
    tags: { name: string }[];
    user: { id: number };
    image_urls: { square_medium: string };
  }
  const { illusts } = await json<{ illusts: Illust[] }>(
    'https://app-api.pixiv.net/v1/illust/ranking?mode=day',
  );
  const top = illusts[0]!;
  await call(`https://app-api.pixiv.net/v1/illust/detail?illust_id=${top.id}`);
  await call(`https://app-api.pixiv.net/v1/user/detail?user_id=${top.user.id}`);
  await call(`https://app-api.pixiv.net/v1/novel/ranking?mode=day`);
  await call(`https://www.pixiv.net/ajax/illust/${top.id}`);
  for (let k = 0; k < 2; k++) {
    await call('https://www.pixiv.net/ajax/discovery/artworks?mode=safe&limit=20');
    await call('https://sketch.pixiv.net/api/lives.json?count=5');
  }
  await call('https://www.pixiv.net/');
  // One generated image (the in-process test above covers the other sizes and kinds).
  await call(top.image_urls.square_medium);
  // The newest ugoira, from the newest works' pages.
  let next: string | null = 'https://app-api.pixiv.net/v1/illust/new?content_type=illust';
  let ugoira: Illust | undefined;
  while (next && !ugoira) {
    const page: { illusts: Illust[]; next_url: string | null } = await json(next);
    ugoira = page.illusts.find((i) => i.type === 'ugoira');
    next = page.next_url;
  }
  const meta = await json<{ ugoira_metadata: { zip_urls: { medium: string } } }>(
    `https://app-api.pixiv.net/v1/ugoira/metadata?illust_id=${ugoira!.id}`,
  );
  await call(meta.ugoira_metadata.zip_urls.medium);
  return answers;
}

describe('determinism across processes (cli.ts --seed --now)', () => {
  const NOW = '2026-11-20T15:00:00+09:00';
  const processes: SandboxProcess[] = [];
  /** The base URLs: two processes of one seed, then one of another seed. */
  let urls: string[] = [];

  beforeAll(async () => {
    const args = (seed: number) => ['--seed', String(seed), '--now', NOW, '--no-warm-media'];
    const started = await Promise.all([
      spawnSandbox(args(DEFAULT_SEED)),
      spawnSandbox(args(DEFAULT_SEED)),
      spawnSandbox(args(DEFAULT_SEED + 1)),
    ]);
    processes.push(...started);
    urls = started.map((p) => p.baseUrl);
  }, 40_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  it('two processes with one seed and clock answer the same session byte for byte; another seed differs', async () => {
    const [a, b, c] = await Promise.all(urls.map(session));
    expect(new Set(urls).size).toBe(3);
    if (!a || !b || !c) throw new Error('three sessions expected');
    expect(b.map((x) => x.url)).toEqual(a.map((x) => x.url));
    for (const [k, answer] of a.entries()) {
      expect(answer.status, answer.url).toBe(200);
      expect(answer.bytes.length, answer.url).toBeGreaterThan(0);
      expect(b[k]!.bytes.equals(answer.bytes), answer.url).toBe(true);
    }
    // Discovery and the sketch envelope still change from one call to the next.
    const discovery = a.filter((x) => x.url.includes('/ajax/discovery/artworks'));
    expect(discovery[0]!.bytes.equals(discovery[1]!.bytes)).toBe(false);
    const rand = a
      .filter((x) => x.url.includes('/api/lives.json'))
      .map((x) => (JSON.parse(x.bytes.toString()) as { rand: string }).rand);
    expect(rand[0]).not.toBe(rand[1]);
    // The kinds of answer compared: JSON, HTML, a JPEG and a zip.
    const kinds = a.map((x) => x.bytes.subarray(0, 2).toString('latin1'));
    expect(kinds).toContain('\xff\xd8');
    expect(kinds).toContain('PK');
    expect(kinds).toContain('<!');
    // Negative control: the same session on another seed answers other bytes.
    expect(c).toHaveLength(a.length);
    const same = a.filter((x, k) => c[k]!.bytes.equals(x.bytes)).map((x) => x.url);
    expect(same).toEqual([]);
  }, 30_000);
});
