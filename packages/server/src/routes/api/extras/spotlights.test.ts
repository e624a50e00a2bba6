import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotlightDetail, SpotlightList } from '@pv/core';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

describe('GET /api/spotlights', () => {
  it('scrapes a tab page into articles, rank and recommend', async () => {
    const res = await get('/api/spotlights?type=illustration&page=1&lang=ja');
    expect(res.statusCode).toBe(200);
    const list = res.json() as SpotlightList;
    const expected = t.sandbox.state.spotlights.list('illustration').slice(0, 20);
    expect(list.articles.map((a) => a.id)).toEqual(expected.map((a) => a.id));
    expect(list.articles[0]!.cover).toMatch(/^https:\/\/i\.pximg\.net\//);
    expect(list.articles[0]!.title.length).toBeGreaterThan(0);
    expect(list.articles.every((a) => a.category === 'illustration')).toBe(true);
    expect(list.rank.length).toBe(5);
    expect(list.recommend.length).toBeGreaterThan(0);
    expect(list.next).toBe(true);
    expect(res.headers['cache-control']).toBe('max-age=3600');
    expect(
      (await get('/api/spotlights?type=illustration&page=1&lang=ja')).headers['x-cache-hit'],
    ).toBe('true');
  });

  it('lists all articles without a type, in the chosen language', async () => {
    const list = (await get('/api/spotlights?lang=en')).json() as SpotlightList;
    expect(list.articles[0]!.id).toBe(t.sandbox.state.spotlights.list()[0]!.id);
    expect(list.articles[0]!.title).toMatch(/[A-Za-z]/);
  });

  it('answers 404 past the last page and 422 for bad parameters', async () => {
    expect((await get('/api/spotlights?type=news&page=400')).statusCode).toBe(404);
    for (const qs of ['type=cooking', 'page=0', 'lang=xx', 'page=abc']) {
      expect((await get(`/api/spotlights?${qs}`)).statusCode, qs).toBe(422);
    }
  });
});

describe('GET /api/spotlight/{id}', () => {
  it('scrapes an article: description, items with artwork ids, related articles', async () => {
    const article = t.sandbox.state.spotlights
      .list('illustration')
      .find(
        (a) =>
          a.description.length > 0 && a.works.length > 5 && !a.works.some((w) => w.placeholder),
      )!;
    const res = await get(`/api/spotlight/${article.id}?lang=ja`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as SpotlightDetail;
    expect(detail.id).toBe(article.id);
    expect(detail.desc).toBe(article.description.join('\n'));
    expect(detail.items.map((i) => i.illust_id)).toEqual(article.works.map((w) => w.work.id));
    expect(detail.items[0]!.user_name).toBe(article.works[0]!.work.user.name);
    expect(detail.cover).toMatch(/^https:\/\/i\.pximg\.net\//);
    expect(detail.article_url).toBe(`https://www.pixivision.net/ja/a/${article.id}`);
    expect(detail.related_latest.tag_name).toBe(article.theme.name);
    expect(detail.content).not.toMatch(/<script|on[a-z]+=/);
  });

  it('answers 404 for an unknown article and 422 for a bad id', async () => {
    expect((await get('/api/spotlight/5')).statusCode).toBe(404);
    expect((await get('/api/spotlight/abc')).statusCode).toBe(422);
  });

  it('answers 502 when pixivision fails, and the server stays up', async () => {
    t.sandbox.state.faults.add({ pathPrefix: '/www.pixivision.net/ja/a/', status: 500, times: 1 });
    expect((await get('/api/spotlight/10999')).statusCode).toBe(502);
    expect((await get('/api/spotlights')).statusCode).toBe(200);
  });
});

// The previous-generation viewer's own build asks these PxveAPI routes (issue 35 item 18); their
// answers are the spec's Spotlight entity (000 §3) with the names that viewer reads.
describe('PxveAPI pixivision routes for the previous-generation viewer', () => {
  it('GET /api/pixivision lists all articles with articles, rank and recommend, in Chinese by default', async () => {
    const res = await get('/api/pixivision?page=1');
    expect(res.statusCode).toBe(200);
    const list = res.json() as {
      articles: { id: number; title: string; thumbnail: string }[];
      rank: { thumbnail: string }[];
      recommend: { thumbnail: string }[];
    };
    const same = (await get('/api/spotlights?page=1&lang=zh')).json() as SpotlightList;
    expect(list.articles.map((a) => a.id)).toEqual(same.articles.map((a) => a.id));
    expect(list.articles.map((a) => a.title)).toEqual(same.articles.map((a) => a.title));
    expect(list.articles[0]!.thumbnail).toBe(same.articles[0]!.cover);
    expect(list.rank.length).toBe(same.rank.length);
    expect(list.recommend.length).toBe(same.recommend.length);
    for (const a of [...list.articles, ...list.rank, ...list.recommend]) {
      expect(a.thumbnail).toMatch(/^https:\/\/[is]\.pximg\.net\//);
    }
  });

  it('GET /api/pixivision/list lists one tab in the viewer locale (zh-TW, en, an unknown one)', async () => {
    const res = await get('/api/pixivision/list?page=1&type=manga&lang=zh-TW');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { articles: { id: number; category: string }[] };
    const same = (
      await get('/api/spotlights?type=manga&page=1&lang=zh-tw')
    ).json() as SpotlightList;
    expect(list.articles.map((a) => a.id)).toEqual(same.articles.map((a) => a.id));
    expect(list.articles.every((a) => a.category === 'manga')).toBe(true);
    // pixivision has no German: English
    const de = (await get('/api/pixivision/list?type=manga&lang=de')).json() as SpotlightList;
    const en = (await get('/api/spotlights?type=manga&lang=en')).json() as SpotlightList;
    expect(de.articles.map((a) => a.title)).toEqual(en.articles.map((a) => a.title));
    expect((await get('/api/pixivision/list?type=cooking')).statusCode).toBe(422);
  });

  it('GET /api/pixivision/{id} and /api/pixivision/detail?id= answer the article as that viewer reads it', async () => {
    const article = t.sandbox.state.spotlights
      .list('illustration')
      .find((a) => a.description.length > 0 && a.works.length > 3)!;
    const ours = (await get(`/api/spotlight/${article.id}?lang=en`)).json() as SpotlightDetail;
    for (const url of [
      `/api/pixivision/${article.id}?lang=en`,
      `/api/pixivision/detail?id=${article.id}&lang=en`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const d = res.json() as {
        title: string;
        cover: string;
        desc: string;
        date: string;
        content: string;
        items: { illust_id: number; title: string; illust_url: string; user_name: string }[];
        tags: { name: string }[];
        related_latest: { tag_name: string; items: { id: number; thumbnail: string }[] };
        related_recommend: { tag_name: string; items: { id: number; thumbnail: string }[] };
      };
      expect(d.title).toBe(ours.title);
      expect(d.cover).toBe(ours.cover);
      expect(d.desc).toBe(ours.desc);
      expect(d.content).toBe(ours.content);
      expect(d.items).toEqual(ours.items);
      expect(d.tags).toEqual(ours.tags.map((name) => ({ name })));
      expect(d.related_latest.tag_name).toBe(ours.related_latest.tag_name);
      expect(d.related_latest.items.length).toBeGreaterThan(0);
      for (const r of [...d.related_latest.items, ...d.related_recommend.items]) {
        expect(r.thumbnail).toMatch(/^https:\/\/[is]\.pximg\.net\//);
      }
    }
  });

  it('answers 404 for an unknown article and 422 for a bad id', async () => {
    expect((await get('/api/pixivision/5')).statusCode).toBe(404);
    expect((await get('/api/pixivision/detail?id=5')).statusCode).toBe(404);
    expect((await get('/api/pixivision/abc')).statusCode).toBe(422);
    expect((await get('/api/pixivision/detail')).statusCode).toBe(422);
  });
});
