import { afterEach, describe, expect, it } from 'vitest';
import {
  createPixivisionClient,
  parseArticlePage,
  parseListPage,
  sanitiseArticleHtml,
} from './pixivision.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const CARD = (id: number, title: string) =>
  `<li class="article-card-container"><article class="_article-card"><a href="/ja/a/${id}" data-gtm-label="${id}"><div class="_thumbnail" style="background-image:  url(https://i.pximg.net/c/540x540_70/img-master/img/2026/01/01/00/00/00/${id}_p0_master1200.jpg);"></div></a><div class="arc__title-container"><h2 class="arc__title"><a href="/ja/a/${id}" data-gtm-action="ClickTitle" data-gtm-label="${id}">${title}</a></h2><ul class="_tag-list"><li class="tls__list-item-container"><a href="/ja/t/1" data-gtm-label="猫">猫</a></li></ul></div><div class="arc__footer-container"><a class="arc__thumbnail-label _category-label" href="/ja/c/illustration">イラスト</a><time class="_date" datetime="2026-11-20">2026.11.20</time></div></article></li>`;

const LIST = `<html><body><ul class="main-column-container">${CARD(10, '猫特集')}${CARD(9, 'A &amp; B')}</ul><div class="_pager-complex"><span class="current">1</span><a class="next" href="?p=2">›</a></div><aside class="_sidebar"><section class="sidebar-ranking"><ul><li class="rnk__list-item"><a href="/ja/a/7" data-gtm-label="7"><div class="rnk__thumbnail" style="background-image: url(https://i.pximg.net/x.jpg);"></div><p class="rnk__title">人気</p></a></li></ul></section><section class="sidebar-recommend"><ul>${CARD(5, 'おすすめ')}</ul></section></aside></body></html>`;

const ARTICLE = `<html><body><div class="_article-main"><article class="am__article-body-container"><header><a class="am__categoty-pr _category-label" href="/en/c/manga">Manga</a><h1 class="am__title">Cats &lt;3</h1><time class="_date" datetime="2026-11-19">2026.11.19</time></header><div class="_article-illust-eyecatch"><img src="https://i.pximg.net/c/600x1200_90/eye.jpg"></div><div class="am__body"><div class="am__description _medium-editor-text"><p>First.</p><p>Second.</p><script>alert(1)</script></div><div class="am__work"><h3 class="am__work__title"><a href="https://www.pixiv.net/artworks/123">Work</a></h3><p class="am__work__user-name"><a class="author-img-container" href="https://www.pixiv.net/users/45"><img src="https://i.pximg.net/user-profile/a_50.jpg">Artist</a></p><div class="am__work__main"><a class="inner-link" href="https://www.pixiv.net/artworks/123"><img class="am__work__illust" src="https://i.pximg.net/c/540x540_70/w.jpg" onerror="alert(2)"></a></div></div><img src="https://evil.example/track.gif"></div><div class="am__footer"><ul class="_tag-list"><a data-gtm-label="cat">cat</a></ul></div></article></div><section class="_related-articles" data-gtm-category="Related Article Latest"><h3 class="rla__heading"><a data-gtm-label="cat">cat</a></h3><ul>${CARD(3, 'More cats')}</ul></section></body></html>`;

describe('pixivision pages', () => {
  it('parse a list page: cards, sidebar ranking and recommendations, next page', () => {
    const list = parseListPage(LIST);
    expect(list.articles).toEqual([
      {
        id: 10,
        title: '猫特集',
        cover:
          'https://i.pximg.net/c/540x540_70/img-master/img/2026/01/01/00/00/00/10_p0_master1200.jpg',
        category: 'illustration',
        tags: ['猫'],
        date: '2026-11-20',
      },
      expect.objectContaining({ id: 9, title: 'A & B' }),
    ]);
    expect(list.rank).toEqual([
      {
        id: 7,
        title: '人気',
        cover: 'https://i.pximg.net/x.jpg',
        category: '',
        tags: [],
        date: '',
      },
    ]);
    expect(list.recommend.map((c) => c.id)).toEqual([5]);
    expect(list.next).toBe(true);
  });

  it('parse an article: title, cover, description, works, tags, related; body sanitised', () => {
    const a = parseArticlePage(ARTICLE, 42, 'en');
    expect(a).toMatchObject({
      id: 42,
      title: 'Cats <3',
      cover: 'https://i.pximg.net/c/600x1200_90/eye.jpg',
      desc: 'First.\nSecond.',
      date: '2026-11-19',
      category: 'manga',
      tags: ['cat'],
      article_url: 'https://www.pixivision.net/en/a/42',
      items: [
        {
          illust_id: 123,
          title: 'Work',
          illust_url: 'https://i.pximg.net/c/540x540_70/w.jpg',
          user_id: 45,
          user_name: 'Artist',
          user_avatar: 'https://i.pximg.net/user-profile/a_50.jpg',
        },
      ],
      related_latest: { tag_name: 'cat', items: [expect.objectContaining({ id: 3 })] },
    });
    expect(a.content, a.content).not.toMatch(/<script|alert|onerror|evil\.example/);
    expect(a.content).toContain('https://i.pximg.net/c/540x540_70/w.jpg');
  });

  it('sanitises links to https only, opened safely', () => {
    const html = sanitiseArticleHtml(
      '<a href="javascript:alert(1)">x</a><a href="https://www.pixiv.net/">y</a>',
    );
    expect(html).not.toContain('javascript');
    expect(html).toContain(
      'href="https://www.pixiv.net/" rel="noopener noreferrer" target="_blank"',
    );
  });
});

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('pixivision client', () => {
  it('asks for the list and article paths and reads 404 as none', async () => {
    server = await startTestServer((req) =>
      req.url.startsWith('/ja/c/manga') ? { text: LIST } : { status: 404, text: 'nope' },
    );
    const client = createPixivisionClient({ hosts: { pixivision: server.base } });
    expect((await client.list('manga', 2, 'ja'))?.articles).toHaveLength(2);
    expect(server.requests[0]!.url).toBe('/ja/c/manga?p=2');
    expect(await client.article(5, 'ja')).toBeNull();
    expect(server.requests[1]!.url).toBe('/ja/a/5');
    await expect(client.list('../../etc' as never, 1, 'ja')).rejects.toMatchObject({
      kind: 'forbidden_url',
    });
    await expect(client.list(undefined, 1, 'xx' as never)).rejects.toMatchObject({
      kind: 'forbidden_url',
    });
  });
});
