/**
 * The sandbox against real pixiv captures (the repository's fixtures/, see its SOURCES.md): for
 * each capture the sandbox can answer, the corresponding sandbox answer must have every key
 * path of the capture with the same JSON type (rules in shape.ts). Samples are chosen to be the
 * same case as the capture (a single-page illust, an ugoira, a novel with embedded illusts…).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../accounts.ts';
import { buildSandboxApp, type BuiltSandbox } from '../app.ts';
import type { Work } from '../data/dataset.ts';
import { TEST_NOW, demoAccessToken } from '../test-helpers.ts';
import { FIXTURES_DIR, readFixture } from './harness.ts';
import { WWW_NULLABLE, shapeDifferences, type ShapeOptions } from './shape.ts';

let sandbox: BuiltSandbox;
let app: FastifyInstance;
let token: string;
const demo = DEMO_ACCOUNTS[0]!;
const session = { cookie: `PHPSESSID=${demo.phpsessid}` };

beforeAll(async () => {
  sandbox = buildSandboxApp({ now: TEST_NOW });
  app = sandbox.app;
  token = await demoAccessToken(app);
});
afterAll(() => app.close());

async function appApi(path: string) {
  const res = await app.inject({
    url: `/app-api.pixiv.net${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, json: () => res.json() as unknown, text: res.body };
}

async function www(path: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ url: `/www.pixiv.net${path}`, headers });
  return { status: res.statusCode, body: res.json() as unknown };
}

/** The newest work before the sandbox's present that matches. */
function newestWork(match: (work: Work) => boolean): Work {
  const d = sandbox.state.data;
  for (let i = d.firstIndexFrom(sandbox.state.now) - 1; i >= 0; i--) {
    const work = d.work(i);
    if (match(work)) return work;
  }
  throw new Error('no such work in the dataset');
}

function expectShape(fixture: string, answer: unknown, options?: ShapeOptions): void {
  expect(shapeDifferences(readFixture(fixture), answer, options), fixture).toEqual([]);
}

describe('the fixtures folder', () => {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));

  it("is the repository's own fixtures/, or fails clearly", () => {
    expect(FIXTURES_DIR).toBe(join(root, 'fixtures/'));
    expect(readFixture('ajax_error__Nandaka_PixivUtil2__ajax-error.json')).toEqual({
      error: true,
      message: 'An unknown error occurred',
      body: [],
    });
    expect(() => readFixture('x.json', '/nonexistent/fixtures/')).toThrow(
      'The real pixiv captures are missing: expected the folder /nonexistent/fixtures/',
    );
  });

  it('lists every capture in its SOURCES.md, with a licence for each source', () => {
    const sources = readFileSync(join(FIXTURES_DIR, 'SOURCES.md'), 'utf8');
    const licences = readFileSync(join(FIXTURES_DIR, 'LICENSES.md'), 'utf8');
    const captures = readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.json'));
    expect(captures.length).toBeGreaterThan(0);
    for (const file of captures) {
      const row = sources.split('\n').find((line) => line.startsWith(`| ${file} `));
      expect(row, file).toBeDefined();
      const repo = row!.split('|')[2]!.trim();
      expect(licences, file).toContain(`## ${repo} (`);
    }
  });

  it('nothing in the repository reads from beside it (../shared)', () => {
    const readers: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (['node_modules', 'dist', '.git', 'results', 'test-results'].includes(entry.name)) {
          continue;
        }
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(m?[jt]sx?|json|sh)$/.test(entry.name) || entry.name === 'run') {
          if (/(\.\.\/)+shared\//.test(readFileSync(path, 'utf8'))) readers.push(path);
        }
      }
    };
    for (const dir of ['packages', 'e2e', 'bench', 'scripts', '.ci']) walk(join(root, dir));
    expect(readers).toEqual([]);
  });
});

describe('app API answers have the captured shapes', () => {
  it('/v1/illust/detail for a single-page all-ages illust (pixivpy capture)', async () => {
    const work = newestWork((w) => w.kind === 'illust' && w.pageCount === 1 && w.xRestrict === 0);
    const res = await appApi(`/v1/illust/detail?illust_id=${work.id}`);
    expect(res.status).toBe(200);
    expectShape('v1_illust_detail__upbit_pixivpy__illust_detail.json', res.json());
  });

  it('/v1/user/detail for creators (both PixivUtil2 captures)', async () => {
    const creators = [
      newestWork((w) => w.kind === 'illust').user,
      newestWork((w) => w.kind === 'manga').user,
    ];
    // Both captures together: webpage and twitter_url are a string in one and null in the other.
    const [first, second] = [
      'v1_user_detail__Nandaka_PixivUtil2__userdetail-1039353.json',
      'v1_user_detail__Nandaka_PixivUtil2__userdetail-26357.json',
    ];
    for (const user of creators) {
      const res = await appApi(`/v1/user/detail?user_id=${user.id}`);
      expect(res.status).toBe(200);
      expectShape(first, res.json(), { alsoLike: [readFixture(second)] });
      expectShape(second, res.json(), { alsoLike: [readFixture(first)] });
    }
  });

  it('/v1/ugoira/metadata (its inner ugoira_metadata, cssxsh capture)', async () => {
    const work = newestWork((w) => w.kind === 'ugoira');
    const res = await appApi(`/v1/ugoira/metadata?illust_id=${work.id}`);
    expect(res.status).toBe(200);
    const inner = (res.json() as { ugoira_metadata: unknown }).ugoira_metadata;
    expectShape('v1_ugoira_metadata_inner__cssxsh_pixiv-client__99565513.ugoira.json', inner);
  });

  it('/webview/v2/novel embeds a novel object shaped like the Pixiv-Shaft capture', async () => {
    const novels = sandbox.state.novels;
    let embedded: Record<string, unknown> | undefined;
    // The capture embeds illusts ([pixivimage:…]) and is in no series: take the newest such novel.
    for (let i = novels.firstIndexFrom(sandbox.state.now) - 1; i >= 0 && !embedded; i--) {
      const novel = novels.at(i);
      if (novel.xRestrict !== 0 || novel.series) continue;
      const res = await appApi(`/webview/v2/novel?id=${novel.id}&viewer_version=20221031_ai`);
      expect(res.status).toBe(200);
      // pixivpy's extraction (pixiv-upstream.md §1.2).
      const match = /novel:\s({.+}),\s+isOwnWork/.exec(res.text);
      expect(match, String(novel.id)).not.toBeNull();
      const object = JSON.parse(match![1]!) as Record<string, unknown>;
      if (!Array.isArray(object.illusts)) embedded = object;
    }
    expect(embedded).toBeDefined();
    // `images` is [] when the text has no uploaded image and a map otherwise.
    expectShape('webview_v2_novel_embedded__CeuiLiSA_Pixiv-Shaft__novel.json', embedded, {
      emptyListOrMap: ['$.images'],
    });
  });
});

describe('www ajax answers have the captured shapes', () => {
  it('/ajax/illust/{id} for an illust and for an ugoira (PixivUtil2 captures)', async () => {
    const illust = newestWork((w) => w.kind === 'illust' && w.xRestrict === 0);
    const ugoira = newestWork((w) => w.kind === 'ugoira' && w.xRestrict === 0);
    // The captures' tags carry `translation: {en}`: ask in English, as their callers did.
    const english = { ...session, 'accept-language': 'en' };
    const a = await www(`/ajax/illust/${illust.id}`, english);
    expect(a.status).toBe(200);
    expectShape('ajax_illust__Nandaka_PixivUtil2__test-image-info-32039274.json', a.body);
    const b = await www(`/ajax/illust/${ugoira.id}`, english);
    expect(b.status).toBe(200);
    expectShape('ajax_illust__Nandaka_PixivUtil2__test-image-ugoira-46281014.json', b.body);
    expect((b.body as { body: { urls: { original: string } } }).body.urls.original).toMatch(
      /_ugoira0\.jpg$/,
    );
  });

  it('/ajax/illust/{id}/ugoira_meta and its error for a non-ugoira id (item4/ugoira captures)', async () => {
    const ugoira = newestWork((w) => w.kind === 'ugoira');
    const ok = await www(`/ajax/illust/${ugoira.id}/ugoira_meta`);
    expect(ok.status).toBe(200);
    expectShape('ajax_illust_ugoira_meta__item4_ugoira__conftest_meta_body.json', ok.body);
    const illust = newestWork((w) => w.kind === 'illust');
    const error = await www(`/ajax/illust/${illust.id}/ugoira_meta`);
    expect(error.status).toBe(400);
    expectShape(
      'ajax_illust_ugoira_meta_error__item4_ugoira__conftest_error_meta_body.json',
      error.body,
    );
  });

  it('/ajax/user/{id}/profile/all for a creator (PixivUtil2 capture)', async () => {
    // The capture's user has illusts and pickup items; collections are [] when empty.
    const creator = newestWork((w) => w.kind === 'illust').user;
    const res = await www(`/ajax/user/${creator.id}/profile/all`, session);
    expect(res.status).toBe(200);
    expectShape('ajax_user_profile_all__Nandaka_PixivUtil2__all-14095911.json', res.body, {
      emptyListOrMap: ['$.body.manga', '$.body.novels', '$.body.mangaSeries', '$.body.novelSeries'],
    });
  });

  it('/ajax/user/{id}/illusts/bookmarks after bookmarking works (PixivUtil2 capture)', async () => {
    const picks = [
      newestWork((w) => w.kind === 'illust' && w.xRestrict === 0),
      newestWork((w) => w.kind === 'manga' && w.xRestrict === 0),
      newestWork((w) => w.kind === 'ugoira' && w.xRestrict === 0),
    ];
    for (const work of picks) sandbox.state.social.bookmark(demo.userId, work.id, 'public');
    const res = await www(
      `/ajax/user/${demo.userId}/illusts/bookmarks?tag=&offset=0&limit=48&rest=show`,
      session,
    );
    expect(res.status).toBe(200);
    // The capture lists works its viewer had not bookmarked (bookmarkData null); here the
    // account lists its own, so bookmarkData is the {id, private} of §3.
    expectShape(
      'ajax_user_illusts_bookmarks__Nandaka_PixivUtil2__bookmarks-1039353.json',
      res.body,
      { nullOr: WWW_NULLABLE },
    );
  });

  it('errors use the captured envelope (PixivUtil2 ajax-error)', async () => {
    const missing = await www('/ajax/illust/1');
    expect(missing.status).toBe(404);
    expectShape('ajax_error__Nandaka_PixivUtil2__ajax-error.json', missing.body);
    const bad = await www('/ajax/illust/0');
    expect(bad.status).toBe(400);
    expectShape('ajax_error__Nandaka_PixivUtil2__ajax-error.json', bad.body);
  });
});

describe('sketch answers have the captured shapes', () => {
  it('the users of /api/lives.json are shaped like the captured sketch user', async () => {
    const res = await app.inject({ url: '/sketch.pixiv.net/api/lives.json?count=20' });
    expect(res.statusCode).toBe(200);
    const lives = (res.json() as { data: { lives: { user: unknown }[] } }).data.lives;
    expect(lives.length).toBeGreaterThan(0);
    const capture = readFixture('sketch_api_users__Nandaka_PixivUtil2__sketch_artist.json') as {
      data: unknown;
    };
    // Compared as one list, by element shape: a key only some users have (a linked Twitter
    // account) must show on at least one of them.
    expect(
      shapeDifferences(
        [capture.data],
        lives.map((live) => live.user),
      ),
    ).toEqual([]);
  });
});
