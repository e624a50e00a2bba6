import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../app.ts';
import { tagById, tagId } from '../data/spotlight-tags.ts';
import { TAGS } from '../data/words.ts';
import { TEST_NOW, demoAccessToken } from '../test-helpers.ts';
import { PIXIVISION_PAGE } from './pixivision.ts';

const { app, state } = buildSandboxApp({ now: TEST_NOW });
beforeAll(() => app.ready());
afterAll(() => app.close());

const html = async (path: string) => {
  const res = await app.inject({ url: `/www.pixivision.net${path}` });
  return { status: res.statusCode, body: res.body, type: res.headers['content-type'] };
};

describe('pixivision HTML', () => {
  it('lists 20 article cards per page with ids, titles, thumbnails and tags, plus the sidebar', async () => {
    const page = await html('/ja/c/illustration');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    const cards = page.body.match(/<li class="article-card-container">/g) ?? [];
    // 20 main cards plus the sidebar's recommended cards
    expect(cards.length).toBeGreaterThanOrEqual(PIXIVISION_PAGE);
    expect(page.body).toMatch(
      /<h2 class="arc__title"><a href="\/ja\/a\/(\d+)" data-gtm-action="ClickTitle" data-gtm-label="\1">/,
    );
    expect(page.body).toMatch(
      /class="_thumbnail" style="background-image: {2}url\(https:\/\/i\.pximg\.net\//,
    );
    expect(page.body).toContain('class="rnk__list-item"');
    const illustrations = state.spotlights.list('illustration');
    expect(page.body).toContain(`data-gtm-label="${illustrations[0]!.id}"`);
    const second = await html('/ja/c/illustration?p=2');
    expect(second.body).toContain(`data-gtm-label="${illustrations[PIXIVISION_PAGE]!.id}"`);
  });

  it('answers 404 past the last page, for unknown categories, languages and articles', async () => {
    expect((await html('/ja/c/illustration?p=999')).status).toBe(404);
    expect((await html('/ja/c/cooking')).status).toBe(404);
    expect((await html('/xx/')).status).toBe(404);
    expect((await html('/ja/a/1')).status).toBe(404);
  });

  it('renders an article with title, eyecatch, description, works and related sections', async () => {
    const article = state.spotlights
      .list('illustration')
      .find((a) => a.description.length && a.works.length > 5 && !a.works[0]!.placeholder)!;
    const page = await html(`/en/a/${article.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1 class="am__title">');
    expect(page.body).toContain('class="_article-illust-eyecatch"');
    expect(page.body).toContain('class="am__description _medium-editor-text"');
    const works = page.body.match(/<div class="am__work /g) ?? [];
    expect(works).toHaveLength(article.works.length);
    expect(page.body).toContain(
      `href="https://www.pixiv.net/artworks/${article.works[0]!.work.id}"`,
    );
    expect(page.body).toContain('img class="am__work__illust"');
    expect(page.body).toContain('data-gtm-category="Related Article Latest"');
  });

  it('has the quirky articles the redirect rule is about', () => {
    const all = state.spotlights.list();
    expect(all.length).toBeGreaterThan(200);
    expect(all.some((a) => a.description.length === 0)).toBe(true);
    expect(all.some((a) => a.works.length === 0)).toBe(true);
    expect(all.some((a) => a.works.some((w) => w.placeholder))).toBe(true);
  });
});

/** The article ids of a list page's main column (the sidebar's cards left out). */
function mainIds(body: string): number[] {
  const main = body.slice(body.indexOf('<ul class="main-column-container">'));
  const column = main.slice(0, main.indexOf('</ul><div class="_pager-complex">'));
  return [...column.matchAll(/data-gtm-action="ClickTitle" data-gtm-label="(\d+)"/g)].map((m) =>
    Number(m[1]),
  );
}

describe('pixivision tag list pages /{lang}/t/{tagId}', () => {
  it('gives every tag its own id, so no two tags share a page', () => {
    const ids = TAGS.map((t) => tagId(t.name));
    expect(new Set(ids).size).toBe(TAGS.length);
    for (const t of TAGS) expect(tagById(tagId(t.name))).toBe(t);
  });

  it('serves the page every card links to: the tag’s articles, newest first, as list cards', async () => {
    const articles = state.spotlights.list();
    const theme = articles[0]!.theme;
    const href = `/ja/t/${tagId(theme.name)}`;
    expect((await html('/ja/')).body).toContain(
      `<a href="${href}" data-gtm-label="${theme.name}">`,
    );
    const page = await html(href);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain(`<h1 class="tdc__header">#${theme.name}</h1>`);
    const expected = articles.filter((a) => a.theme.name === theme.name).map((a) => a.id);
    expect(mainIds(page.body)).toEqual(expected.slice(0, PIXIVISION_PAGE));
    expect(page.body).toContain('<li class="article-card-container">');
    expect(page.body).toContain('class="rnk__list-item"');
    // every card on it links back to this tag
    const cards = page.body
      .split('<li class="article-card-container">')
      .slice(1, 1 + expected.length);
    expect(cards.every((c) => c.includes(`href="${href}"`))).toBe(true);
    // in another language the heading is the tag's translation
    const en = await html(`/en/t/${tagId(theme.name)}`);
    expect(en.body).toContain(`<h1 class="tdc__header">#${theme.en}</h1>`);
  });

  it('pages by 20 with the pager, and answers 404 past the end and for unknown tags', async () => {
    // The sandbox's archive has at most ten articles a tag, so one tag is given 45 more here.
    const sandbox = buildSandboxApp({ now: TEST_NOW, illustCount: 5_000, userCount: 400 });
    await sandbox.app.ready();
    try {
      const spotlights = sandbox.state.spotlights;
      const theme = spotlights.list()[0]!.theme;
      for (let k = 0; k < 45; k++)
        spotlights.articles.push({ ...spotlights.articles[k]!, theme, id: 90_000 - k });
      const get = async (path: string) => {
        const res = await sandbox.app.inject({ url: `/www.pixivision.net${path}` });
        return { status: res.statusCode, body: res.body };
      };
      const expected = spotlights
        .list()
        .filter((a) => a.theme.name === theme.name)
        .map((a) => a.id);
      expect(expected.length).toBeGreaterThan(2 * PIXIVISION_PAGE);
      const path = `/ja/t/${tagId(theme.name)}`;
      const seen: number[] = [];
      for (let p = 1; p <= 3; p++) {
        const page = await get(`${path}?p=${p}`);
        expect(page.status).toBe(200);
        seen.push(...mainIds(page.body));
        expect(page.body.includes(`<a class="next" href="?p=${p + 1}">`)).toBe(p < 3);
        expect(page.body.includes(`<a class="pager-prev" href="?p=${p - 1}">`)).toBe(p > 1);
      }
      expect(seen).toEqual(expected);
      expect((await get(`${path}?p=4`)).status).toBe(404);
      expect((await get(`${path}?p=0`)).status).toBe(404);
    } finally {
      await sandbox.app.close();
    }
    const unused = TAGS.find((t) => !state.spotlights.list().some((a) => a.theme.name === t.name))!;
    expect((await html(`/ja/t/${tagId(unused.name)}`)).status).toBe(404);
    expect((await html('/ja/t/1')).status).toBe(404);
    expect((await html('/ja/t/abc')).status).toBe(404);
  });
});

describe('app API /v1/spotlight/articles', () => {
  it('pages articles by 10 with next_url', async () => {
    const token = await demoAccessToken(app);
    const res = await app.inject({
      url: '/app-api.pixiv.net/v1/spotlight/articles?filter=for_ios&category=all',
      headers: { authorization: `Bearer ${token}` },
    });
    const body = res.json() as {
      spotlight_articles: { id: number; article_url: string }[];
      next_url: string;
    };
    expect(body.spotlight_articles).toHaveLength(10);
    expect(body.spotlight_articles[0]!.id).toBe(state.spotlights.list()[0]!.id);
    expect(body.spotlight_articles[0]!.article_url).toMatch(
      /^https:\/\/www\.pixivision\.net\/ja\/a\/\d+$/,
    );
    expect(new URL(body.next_url).searchParams.get('offset')).toBe('10');
  });
});
