import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW, startTestServer, type TestServer } from '../../test-helpers.ts';
import { latestRankingDate } from '../api/pixiv/endpoint-kit.ts';
import { startHostileTestServer, type HostileTestServer } from '../../test-hostile.ts';

const HOST = 'viewer.example';
const ORIGIN = `http://${HOST}`;
const ATOM_NS = 'http://www.w3.org/2005/Atom';
/** RFC 3339 date-time (§5.6). */
/** The sandbox's latest published ranking day. */
const DAY = `date=${latestRankingDate(TEST_NOW)}`;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  isArray: (name) =>
    ['entry', 'link', 'author', 'category', 'item', 'id', 'title', 'updated'].includes(name),
});

const text = (node: unknown): string =>
  typeof node === 'string' ? node : String((node as Node)?.['#text'] ?? '');

function isIri(value: string): boolean {
  try {
    return Boolean(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** RFC 4287's normative RELAX NG schema (Appendix B), read by jing (Debian's `jing`). */
const ATOM_SCHEMA = fileURLToPath(new URL('./atom.rnc', import.meta.url));
const JING = process.env.JING_PATH || '/usr/bin/jing';

/**
 * The errors jing finds in these documents against the Atom schema, one JVM for all of them
 * (`<name>.xml:line:column: error: …`); empty when every one is valid.
 */
function schemaErrors(docs: { name: string; xml: string }[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'pv-atom-'));
  try {
    const files = docs.map(({ name, xml }, i) => {
      const file = join(dir, `${i}-${name.replace(/[^\w-]+/g, '_').slice(0, 80)}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const run = spawnSync(JING, ['-c', ATOM_SCHEMA, ...files], { encoding: 'utf8' });
    if (run.error) throw new Error(`jing did not run (${JING}): npm test installs it`);
    const errors = run.stdout.split('\n').filter((line) => line.includes(': error: '));
    if (run.status !== 0 && errors.length === 0) throw new Error(`jing failed: ${run.stderr}`);
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every document a test checked, validated against the schema once the file's tests are over
 * (one JVM start instead of one per test); an error names the test and the line.
 */
const checked: { name: string; xml: string }[] = [];
afterAll(() => {
  expect(checked.length).toBeGreaterThan(0);
  expect(schemaErrors(checked)).toEqual([]);
});

/**
 * The RFC 4287 rules a feed document must keep (§4.1.1 feed, §4.1.2 entry, §4.2 elements),
 * checked on the parsed document after the XML itself is checked well-formed; the document is
 * also validated against the RFC's RELAX NG schema once the test is over.
 */
function checkAtom(xml: string): { feed: Node; entries: Node[] } {
  expect(XMLValidator.validate(xml)).toBe(true);
  checked.push({ name: expect.getState().currentTestName ?? 'feed', xml });
  const doc = parser.parse(xml) as Node;
  const feed = doc.feed as Node;
  expect(feed, 'root element atom:feed').toBeDefined();
  expect(feed['@xmlns']).toBe(ATOM_NS);
  const one = (node: Node, name: string) => {
    const values = node[name] as unknown[] | undefined;
    expect(values?.length, `exactly one atom:${name}`).toBe(1);
    return text(values![0]);
  };
  expect(isIri(one(feed, 'id'))).toBe(true);
  expect(one(feed, 'title').length).toBeGreaterThan(0);
  expect(one(feed, 'updated')).toMatch(RFC3339);
  const links = (node: Node) => (node.link as Node[] | undefined) ?? [];
  expect(links(feed).some((l) => l['@rel'] === 'self')).toBe(true);
  const entries = (feed.entry as Node[] | undefined) ?? [];
  const feedAuthors = (feed.author as Node[] | undefined) ?? [];
  const ids = new Set<string>();
  for (const entry of entries) {
    const id = one(entry, 'id');
    expect(isIri(id), id).toBe(true);
    expect(ids.has(id), `unique id ${id}`).toBe(false);
    ids.add(id);
    one(entry, 'title');
    expect(one(entry, 'updated')).toMatch(RFC3339);
    if (entry.published !== undefined) expect(text(entry.published)).toMatch(RFC3339);
    const alternates = links(entry).filter((l) => (l['@rel'] ?? 'alternate') === 'alternate');
    expect(alternates.length, 'one rel=alternate link').toBe(1);
    for (const link of links(entry)) expect(isIri(String(link['@href']))).toBe(true);
    // §4.1.1: every entry has an author, or the feed has one
    const authors = (entry.author as Node[] | undefined) ?? feedAuthors;
    expect(authors.length).toBeGreaterThan(0);
    for (const author of authors) expect(text(author.name).length).toBeGreaterThan(0);
    const content = entry.content as Node | undefined;
    if (content) expect(['text', 'html', 'xhtml']).toContain(content['@type']);
  }
  if (entries.length === 0) expect(feedAuthors.length).toBeGreaterThan(0);
  return { feed, entries };
}

async function feed(t: TestServer, url: string) {
  const res = await t.app.inject({ url, headers: { host: HOST } });
  return res;
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A user whose first page of works holds both all-ages and R-18 works. */
async function mixedUser(): Promise<number> {
  const d = t.sandbox.state.data;
  for (let i = d.illustCount - 1; i >= 0; i--) {
    if (d.xRestrict[i] !== 1 || d.kind[i] !== 0) continue;
    const work = (await t.app.inject({ url: `/api/pixiv/illust?id=${d.ids[i]}` })).json().illust;
    const list = (await t.app.inject({ url: `/api/pixiv/member_illust?id=${work.user.id}` })).json()
      .illusts as { x_restrict: number }[];
    if (list.some((w) => w.x_restrict === 0) && list.some((w) => w.x_restrict > 0)) {
      return work.user.id;
    }
  }
  throw new Error('no such user');
}

describe('the Atom schema check', () => {
  it('accepts a minimal feed and names what an invalid one lacks', () => {
    const feed = (entry: string) =>
      `<?xml version="1.0" encoding="utf-8"?><feed xmlns="${ATOM_NS}"><title>t</title>` +
      `<id>urn:a</id><updated>2026-01-01T00:00:00Z</updated><author><name>a</name></author>` +
      `<entry>${entry}</entry></feed>`;
    const errors = schemaErrors([
      {
        name: 'valid',
        xml: feed('<title>e</title><id>urn:b</id><updated>2026-01-01T00:00:00Z</updated>'),
      },
      { name: 'invalid', xml: feed('<title>e</title><updated>yesterday</updated>') },
    ]);
    expect(errors.some((e) => e.includes('-valid.xml'))).toBe(false);
    expect(errors.join('\n')).toMatch(/-invalid\.xml.*ISO date and time/);
    expect(errors.join('\n')).toMatch(/-invalid\.xml.*missing required element "id"/);
  });
});

describe('Atom feeds', () => {
  it("follow a user's works: valid Atom, pictures through the image proxy, no adult entries by default", async () => {
    const user = await mixedUser();
    const api = (await t.app.inject({ url: `/api/pixiv/member_illust?id=${user}` })).json();
    const res = await feed(t, `/feeds/users/${user}.atom`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const { feed: f, entries } = checkAtom(res.body);
    expect(text((f.author as Node[])[0]!.name)).toBe(api.user.name);
    const expected = (api.illusts as { id: number; x_restrict: number }[]).filter(
      (w) => w.x_restrict === 0,
    );
    expect(entries.map((e) => text((e.id as unknown[])[0]))).toEqual(
      expected.map((w) => `https://www.pixiv.net/artworks/${w.id}`),
    );
    const first = entries[0]!;
    expect((first.link as Node[])[0]!['@href']).toBe(`${ORIGIN}/artworks/${expected[0]!.id}`);
    const enclosure = (first.link as Node[]).find((l) => l['@rel'] === 'enclosure')!;
    expect(String(enclosure['@href'])).toMatch(new RegExp(`^${ORIGIN}/i/`));
    const picture = await t.app.inject({ url: String(enclosure['@href']).slice(ORIGIN.length) });
    expect(picture.statusCode).toBe(200);
    expect(text(first.content)).toContain(`<img src="${enclosure['@href']}"`);

    const adult = checkAtom((await feed(t, `/feeds/users/${user}.atom?r18=1`)).body);
    // works the server's account may not see come with an emptied user and are left out
    const visible = (api.illusts as { user: { id: number } }[]).filter((w) => w.user.id !== 0);
    expect(adult.entries.length).toBe(visible.length);
  });

  it("follow a user's novels", async () => {
    const novel = (
      await t.app.inject({ url: `/api/pixiv/novel_detail?id=${t.sandbox.state.novels.ids[0]}` })
    ).json().novel;
    const res = await feed(t, `/feeds/users/${novel.user.id}/novels.atom?r18=1`);
    expect(res.statusCode).toBe(200);
    const { entries } = checkAtom(res.body);
    expect(entries.map((e) => text((e.id as unknown[])[0]))).toContain(
      `https://www.pixiv.net/novel/show.php?id=${novel.id}`,
    );
    expect((entries[0]!.link as Node[])[0]!['@href']).toMatch(new RegExp(`^${ORIGIN}/novel/\\d+$`));
  });

  it("follow a tag's newest works, newest first", async () => {
    const api = (
      await t.app.inject({ url: `/api/pixiv/search?word=${encodeURIComponent('眼鏡')}` })
    ).json();
    const res = await feed(t, `/feeds/tags/${encodeURIComponent('眼鏡')}.atom?r18=1`);
    const { entries, feed: f } = checkAtom(res.body);
    expect(entries.length).toBe(
      (api.illusts as { user: { id: number } }[]).filter((w) => w.user.id !== 0).length,
    );
    expect(text((f.title as unknown[])[0])).toContain('#眼鏡');
    const dates = entries.map((e) => Date.parse(text((e.updated as unknown[])[0])));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(text((f.updated as unknown[])[0])).toBe(text((entries[0]!.updated as unknown[])[0]));
  });

  it('follow a ranking; an adult ranking is empty without ?r18=1; unknown modes are 404', async () => {
    const day = checkAtom((await feed(t, `/feeds/rank/day.atom?${DAY}`)).body);
    expect(day.entries.length).toBeGreaterThan(0);
    const r18 = checkAtom((await feed(t, `/feeds/rank/day_r18.atom?${DAY}`)).body);
    expect(r18.entries).toHaveLength(0);
    const shown = checkAtom((await feed(t, `/feeds/rank/day_r18.atom?r18=1&${DAY}`)).body);
    expect(shown.entries.length).toBeGreaterThan(0);
    expect((await feed(t, `/feeds/rank/nonsense.atom?${DAY}`)).statusCode).toBe(404);
    expect((await feed(t, '/feeds/users/abc.atom')).statusCode).toBe(404);
    expect((await feed(t, '/feeds/users/1.json')).statusCode).toBe(404);
    expect((await feed(t, '/feeds/users/1.atom')).statusCode).toBe(404);
  });

  it('leave AI works out with ?ai=0', async () => {
    const api = (await t.app.inject({ url: `/api/pixiv/rank?mode=day_ai&${DAY}` })).json();
    expect(api.illusts.length).toBeGreaterThan(0);
    expect(checkAtom((await feed(t, `/feeds/rank/day_ai.atom?${DAY}`)).body).entries.length).toBe(
      api.illusts.filter((w: { x_restrict: number }) => w.x_restrict === 0).length,
    );
    expect(
      checkAtom((await feed(t, `/feeds/rank/day_ai.atom?ai=0&${DAY}`)).body).entries,
    ).toHaveLength(0);
  });

  it('come as RSS 2.0 by the .rss extension', async () => {
    const res = await feed(t, `/feeds/rank/day.rss?${DAY}`);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const rss = (parser.parse(res.body) as Node).rss as Node;
    expect(rss['@version']).toBe('2.0');
    const channel = rss.channel as Node;
    const items = channel.item as Node[];
    const atom = checkAtom((await feed(t, `/feeds/rank/day.atom?${DAY}`)).body);
    expect(items.map((i) => text(i.guid))).toEqual(
      atom.entries.map((e) => text((e.id as unknown[])[0])),
    );
    for (const item of items) expect(Number.isNaN(Date.parse(text(item.pubDate)))).toBe(false);
  });
});

describe('feeds against a hostile upstream', () => {
  let h: HostileTestServer;
  beforeAll(async () => {
    h = await startHostileTestServer();
  });
  afterAll(() => h.close());
  beforeEach(() => h.hostile.clear());

  it('stay well-formed and sanitised whatever titles and captions hold', async () => {
    h.hostile.add({
      pathPrefix: '/app-api.pixiv.net/v1/illust/ranking',
      strings: (value, key) =>
        key === 'title'
          ? `]]></title><script>alert(1)</script>\u0001\uFFFE & "x"`
          : key === 'caption'
            ? '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">j</a><b>ok</b>'
            : value,
    });
    const res = await h.app.inject({ url: `/feeds/rank/week.atom?${DAY}` });
    expect(res.statusCode).toBe(200);
    const { entries } = checkAtom(res.body);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(text((entry.title as unknown[])[0])).toContain('<script>alert(1)</script>');
      const html = text(entry.content);
      expect(html).toContain('<b>ok</b>');
      expect(html).not.toMatch(/<script|onerror|javascript:/);
    }
  });

  it('RSS: no hostile name, title or tag becomes an element when a reader renders any text as HTML', async () => {
    const EVIL = '<video><source onerror=alert(1)></video><img src=x onerror=alert(2)> & "q"';
    const id = h.sandbox.state.data.work(0).user.id;
    h.hostile.add({
      pathPrefix: '/app-api.pixiv.net/v1/user/illusts',
      strings: (value, key) => (key === 'name' || key === 'title' ? EVIL : value),
    });
    const res = await h.app.inject({ url: `/feeds/users/${id}.rss` });
    expect(res.statusCode).toBe(200);
    expect(XMLValidator.validate(res.body)).toBe(true);
    const channel = ((parser.parse(res.body) as Node).rss as Node).channel as Node;
    const items = (channel.item as Node[] | undefined) ?? [];
    expect(items.length).toBeGreaterThan(0);
    // what a reader gets out of each element, once XML has been read: all of it treated as HTML
    const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    const texts = [
      text(first(channel.title)),
      text(channel.description),
      ...items.flatMap((item) => [
        text(first(item.title)),
        text(item['dc:creator']),
        text(item.description),
        ...((item.category as unknown[] | undefined) ?? []).map(text),
      ]),
    ];
    // the planted tags, unescaped (the description's own picture is `<img src="http…`)
    const element = /<(video|source|script|img src=x)/i;
    expect(texts.filter((value) => element.test(value))).toEqual([]);
    // and the names still read as they are once the HTML is rendered
    expect(text(first(channel.title))).toContain('&lt;video&gt;');
    expect(text(first(items[0]!.title))).toContain('&amp; &quot;q&quot;');
    // Atom names its types: text stays text, escaped once
    const atom = await h.app.inject({ url: `/feeds/users/${id}.atom` });
    const { feed: atomFeed } = checkAtom(atom.body);
    expect(text((atomFeed.title as unknown[])[0])).toContain('<video>');
  });

  it('are read through the mirror cache: one upstream call for the feed, its RSS twin and the app', async () => {
    const calls = () =>
      h.hostile.log.filter((line) => line.includes('/v1/illust/ranking?mode=month')).length;
    await Promise.all([
      h.app.inject({ url: `/feeds/rank/month.atom?${DAY}` }),
      h.app.inject({ url: `/feeds/rank/month.atom?${DAY}` }),
    ]);
    await h.app.inject({ url: `/feeds/rank/month.rss?${DAY}` });
    const api = await h.app.inject({ url: `/api/pixiv/rank?mode=month&${DAY}` });
    expect(api.headers['x-cache-hit']).toBe('true');
    expect(calls()).toBe(1);
  });

  it('answer 502 when upstream fails and nothing is cached', async () => {
    h.hostile.add({ pathPrefix: '/app-api.pixiv.net/', status: 503, body: 'busy' });
    const res = await h.app.inject({ url: `/feeds/rank/week_original.atom?${DAY}` });
    expect(res.statusCode).toBe(502);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
