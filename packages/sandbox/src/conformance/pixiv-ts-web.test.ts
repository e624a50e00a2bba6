/**
 * Conformance, judged by pixiv.ts (Moebytes), for what it reads from www.pixiv.net and the
 * downloads built on it: `novel.text` and `util.downloadNovel` (`/ajax/novel/{id}`),
 * `user.webDetail` (`/ajax/user/{id}?full=1`), `web.candidates` (`/rpc/cps.php`),
 * `util.viewLink` (the `/artworks/{id}` page) and the ugoira downloads (`/v1/ugoira/metadata`
 * and the zip on i.pximg.net). pixiv.ts sends no cookie to www, so these are anonymous calls.
 * The global fetch is wrapped to rewrite pixiv's hosts to the sandbox.
 */
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pixivTs from 'pixiv.ts';
import type { RunningSandbox } from '../index.ts';
import type { Work } from '../data/dataset.ts';
import type { Novel } from '../data/novels.ts';
import { novelText } from '../data/novel-text.ts';
import { detailUrls } from '../hosts/www/web-json.ts';
import {
  DEMO_REFRESH_TOKEN,
  interceptFetch,
  newestNovelWhere,
  newestWork,
  startConformanceSandbox,
} from './harness.ts';

// Loaded through Node's own require, as in pixiv-ts.test.ts.
const Pixiv = (createRequire(import.meta.url)('pixiv.ts') as typeof pixivTs).default;
type Client = Awaited<ReturnType<typeof Pixiv.refreshLogin>>;

let sandbox: RunningSandbox;
let pixiv: Client;
let restoreFetch: () => void;
let downloads: string;

const newest = (kind: Work['kind']) => newestWork(sandbox, kind);

/** The newest all-ages novel passing `test`. */
const newestNovel = (test: (novel: Novel) => boolean) => newestNovelWhere(sandbox, test);

const isJpeg = (bytes: Buffer) =>
  bytes.length > 4 &&
  bytes[0] === 0xff &&
  bytes[1] === 0xd8 &&
  bytes[bytes.length - 2] === 0xff &&
  bytes[bytes.length - 1] === 0xd9;

beforeAll(async () => {
  sandbox = await startConformanceSandbox();
  restoreFetch = interceptFetch(sandbox.baseUrl);
  pixiv = await Pixiv.refreshLogin(DEMO_REFRESH_TOKEN);
  downloads = mkdtempSync(join(tmpdir(), 'pv-conformance-web-'));
});
afterAll(async () => {
  restoreFetch();
  rmSync(downloads, { recursive: true, force: true });
  await sandbox.close();
});

describe('pixiv.ts www calls against the sandbox', () => {
  it('novel.text reads /ajax/novel/{id}: string ids, the text in body.content', async () => {
    const novel = newestNovel((n) => n.series !== null);
    const body = await pixiv.novel.text({ novel_id: novel.id });
    expect(body.id).toBe(String(novel.id));
    expect(body.title).toBe(novel.title);
    expect(body.userId).toBe(String(novel.user.id));
    expect(body.content).toBe(novelText(sandbox.state.novels, novel).text);
    expect(body.seriesNavData.title).toBe(novel.series!.title);
    expect(body.tags.tags.map((t) => t.tag)).toEqual(novel.tags.map((t) => t.name));
  });

  it('util.downloadNovel writes the text and fetches the cover from i.pximg.net', async () => {
    const novel = newestNovel((n) => n.coverHash !== null);
    const detail = await pixiv.novel.get(novel.id);
    const folder = join(downloads, 'novel');
    const file = await pixiv.util.downloadNovel(detail, folder);
    expect(file).toBe(join(folder, `${novel.id}.txt`));
    expect(readFileSync(file, 'utf8')).toBe(novelText(sandbox.state.novels, novel).text);
    const cover = readdirSync(folder).find((f) => f.endsWith('.jpg'));
    expect(cover).toBe(`${novel.id}.jpg`);
    expect(isJpeg(readFileSync(join(folder, cover!)))).toBe(true);
  });

  it('user.webDetail reads /ajax/user/{id}?full=1', async () => {
    const creator = newest('illust').user;
    const user = await pixiv.user.webDetail(creator.id);
    expect(user.userId).toBe(String(creator.id));
    expect(user.name).toBe(creator.name);
    expect(user.comment).toBe(creator.comment);
    expect(user.partial).toBe(0);
    expect(user.imageBig).toMatch(/^https:\/\/(i|s)\.pximg\.net\//);
    expect(typeof user.following).toBe('number');
    expect(Object.keys(user.birthDay)).toEqual(['name', 'privacyLevel']);
  });

  it('web.candidates reads /rpc/cps.php', async () => {
    const { candidates } = await pixiv.web.candidates({ keyword: 'orig', lang: 'en' });
    expect(candidates).toContainEqual(
      expect.objectContaining({ tag_name: 'オリジナル', tag_translation: 'original' }),
    );
    expect(candidates.every((c) => /^\d+$/.test(c.access_count))).toBe(true);
    expect(candidates.every((c) => ['prefix', 'romaji', 'tag_translation'].includes(c.type))).toBe(
      true,
    );
  });

  // viewLink keeps the page's "regular" URL only when it is on i-cf.pximg.net or a tc-pximg
  // host, which pixiv's pages no longer carry: for a page with i.pximg.net images, as pixiv's
  // and the sandbox's are, it answers null. What it reads is checked with its own pattern.
  it('util.viewLink reads the /artworks/{id} page, whose "regular" URL serves the image', async () => {
    const work = newest('illust');
    expect(await pixiv.util.viewLink(String(work.id))).toBeNull();
    const html = await (await fetch(`https://www.pixiv.net/artworks/${work.id}`)).text();
    const regular = html.match(/(?<="regular":")(.*?)(?=")/gm)?.[0];
    expect(regular).toBe(detailUrls(work).regular);
    const image = await fetch(regular!, { headers: { referer: 'https://www.pixiv.net/' } });
    expect(image.status).toBe(200);
    expect(isJpeg(Buffer.from(await image.arrayBuffer()))).toBe(true);
  });

  // Both downloads start with util.downloadZip, which pipes fetch's WHATWG stream into
  // unzipper 0.12's Extract with stream.pipeline. Extract stops reading at the zip's central
  // directory, so the pipeline's last write never drains and its promise never settles on
  // Node 20 (the same with zips made by Info-ZIP, read from disk, no server involved). What the
  // sandbox serves is checked all the same: the metadata, the zip (with pixiv's Referer) and
  // every frame pixiv.ts extracts from it; if the client ever settles, its output is checked too.
  it('util.downloadUgoiraZip and downloadUgoira fetch the zip and extract every frame', async () => {
    const work = newest('ugoira');
    const meta = (await pixiv.ugoira.get(work.id)).ugoira_metadata;
    const runs = [
      {
        frames: join(downloads, 'ugoira-zip'),
        output: `${join(downloads, 'ugoira-zip')}.zip`,
        start: () => pixiv.util.downloadUgoiraZip(String(work.id), join(downloads, 'ugoira-zip')),
      },
      {
        frames: join(downloads, 'ugoira-gif', String(work.id)),
        output: join(downloads, 'ugoira-gif', 'out.gif'),
        start: () =>
          pixiv.util.downloadUgoira(String(work.id), join(downloads, 'ugoira-gif', 'out.gif')),
      },
    ];
    for (const run of runs) {
      let settled = false;
      run.start().then(
        () => (settled = true),
        () => (settled = true),
      );
      // Until every frame of the metadata is on disk, whole.
      const whole = () =>
        existsSync(run.frames) &&
        meta.frames.every(
          (f) =>
            existsSync(join(run.frames, f.file)) && isJpeg(readFileSync(join(run.frames, f.file))),
        );
      for (let waited = 0; !whole() && !settled && waited < 30_000; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
      }
      if (!settled) {
        expect(whole()).toBe(true);
        expect(readdirSync(run.frames).sort()).toEqual(meta.frames.map((f) => f.file));
      }
      for (let waited = 0; !settled && waited < 2_000; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
      }
      if (settled) expect(existsSync(run.output)).toBe(true);
    }
  }, 60_000);
});

describe('negative controls: pixiv.ts sees the www errors', () => {
  it('an unknown novel and an unknown user give the error envelope', async () => {
    expect(await pixiv.novel.text({ novel_id: 1 })).toEqual([]);
    expect(await pixiv.user.webDetail(99)).toEqual([]);
  });
});
