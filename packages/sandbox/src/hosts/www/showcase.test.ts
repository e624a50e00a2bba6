import { describe, expect, it } from 'vitest';
import { articleTitle } from '../../data/spotlights.ts';
import { testSandbox } from '../../test-helpers.ts';
import { wwwGet } from './test-www.ts';

const { app, state } = testSandbox();
const get = wwwGet(app);

interface ShowcaseIllust {
  illust_id: string;
  illust_user_id: string;
  url: Record<string, string>;
  [key: string]: unknown;
}
interface Showcase {
  id: string;
  lang: string;
  entry: Record<string, unknown>;
  title: string;
  illusts: ShowcaseIllust[];
  relatedArticles: { id: string }[];
  isOnlyOneUser: boolean;
  [key: string]: unknown;
}

const withWorks = () => state.spotlights.list('illustration').find((a) => a.works.length >= 6)!;
const showcase = (id: number | string, query = '') =>
  get<Showcase[]>(`/ajax/showcase/article?article_id=${id}${query}`);

describe('GET /ajax/showcase/article', () => {
  it('answers one article in the envelope with the fields of pixiv-upstream.md §4.2 (b), no login needed', async () => {
    const a = withWorks();
    const res = await showcase(a.id);
    expect(res.status).toBe(200);
    expect(res.json.error).toBe(false);
    expect(res.json.body).toHaveLength(1);
    const body = res.json.body[0]!;
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'lang',
        'entry',
        'tags',
        'thumbnailUrl',
        'title',
        'publishDate',
        'category',
        'subCategory',
        'subCategoryLabel',
        'subCategoryIntroduction',
        'introduction',
        'footer',
        'illusts',
        'relatedArticles',
        'isOnlyOneUser',
      ].sort(),
    );
    expect(Object.keys(body.entry).sort()).toEqual(
      [
        'id',
        'title',
        'pure_title',
        'catchphrase',
        'header',
        'footer',
        'sidebar',
        'publish_date',
        'language',
        'pixivision_category_slug',
        'pixivision_category',
        'pixivision_subcategory_slug',
        'pixivision_subcategory',
        'tags',
        'article_url',
        'intro',
        'facebook_count',
        'twitter_count',
      ].sort(),
    );
    expect(body.id).toBe(String(a.id));
    expect(body.lang).toBe('ja');
    expect(body.title).toBe(articleTitle(a, 'ja'));
    expect(body.entry.publish_date).toBe(Math.floor(a.publish / 1000));
    expect(Object.keys(body.entry.pixivision_subcategory as object).sort()).toEqual(
      ['label', 'label_en', 'title', 'introduction', 'image_url', 'big_image_url'].sort(),
    );
    // the same works as the article page, in order; the rows' values are strings
    expect(body.illusts.map((i) => Number(i.illust_id))).toEqual(a.works.map((w) => w.work.id));
    const row = body.illusts[0]!;
    for (const key of [
      'spotlight_article_id',
      'illust_id',
      'illust_user_id',
      'illust_width',
      'illust_height',
      'illust_restrict',
      'illust_x_restrict',
      'illust_type',
      'illust_sanity_level',
      'illust_page_count',
      'illust_create_date',
      'illust_upload_date',
      'user_account',
      'user_name',
      'user_icon',
    ]) {
      expect(typeof row[key], key).toBe('string');
    }
    expect(row.illust_create_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(row.url).sort()).toEqual(
      ['1200x1200', '768x1200', 'ugoira600x600', 'ugoira1920x1080'].sort(),
    );
    const page = await app.inject({ url: `/www.pixivision.net/ja/a/${a.id}` });
    for (const i of body.illusts) expect(page.body).toContain(`/artworks/${i.illust_id}"`);
    expect(page.body).toContain(`<h1 class="am__title">`);
  });

  it('names images i.pximg.net serves', async () => {
    const body = (await showcase(withWorks().id)).json.body[0]!;
    for (const url of [body.illusts[0]!.url['1200x1200']!, body.illusts[0]!.url['768x1200']!]) {
      const res = await app.inject({
        url: url.replace('https://i.pximg.net', '/i.pximg.net'),
        headers: { referer: 'https://www.pixiv.net/' },
      });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('speaks the asked language', async () => {
    const a = withWorks();
    const en = (await showcase(a.id, '&lang=en')).json.body[0]!;
    expect(en.lang).toBe('en');
    expect(en.title).toBe(articleTitle(a, 'en'));
    const ko = await get<Showcase[]>(`/ajax/showcase/article?article_id=${a.id}`, {
      'accept-language': 'ko-KR,ko;q=0.9',
    });
    expect(ko.json.body[0]!.title).toBe(articleTitle(a, 'ko'));
  });

  it('shows a withheld work as the placeholder', async () => {
    const a = state.spotlights.list().find((x) => x.works.some((w) => w.placeholder))!;
    const body = (await showcase(a.id)).json.body[0]!;
    const index = a.works.findIndex((w) => w.placeholder);
    expect(body.illusts[index]!.url['1200x1200']).toBe(
      'https://s.pximg.net/common/images/limit_unknown_360.png',
    );
  });

  it('answers 404 in the envelope for 0, unknown, missing and malformed ids', async () => {
    const last = Math.max(...state.spotlights.list().map((a) => a.id));
    for (const id of ['0', String(last + 1), '', 'abc', '-1']) {
      const res = await showcase(id);
      expect(res.status, id).toBe(404);
      expect(res.json, id).toEqual({ error: true, message: '', body: [] });
    }
  });
});
