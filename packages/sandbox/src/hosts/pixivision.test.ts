import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../app.ts';
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
