import { beforeAll, describe, expect, it } from 'vitest';
import { DELETED_WORK_COUNT, deletedWorks } from '../data/deleted.ts';
import { TEST_NOW, demoAccessToken, testSandbox } from '../test-helpers.ts';

const { app, state } = testSandbox();
let token = '';
beforeAll(async () => {
  token = await demoAccessToken(app, 0);
});

const BASE = '/viewer-services.invalid';

interface Recovered {
  createDate: string;
  sampleUrl: string;
  fileUrl: string;
  tags: string[];
}

describe('pid-recover', () => {
  it('knows the deleted works that the app API answers 404 for, one entry per page', async () => {
    const deleted = deletedWorks(state.data);
    expect(deleted).toHaveLength(DELETED_WORK_COUNT);
    for (const work of deleted) {
      const detail = await app.inject({
        url: `/app-api.pixiv.net/v1/illust/detail?illust_id=${work.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(detail.statusCode).toBe(404);
      const res = await app.inject({ url: `${BASE}/api/pid-recover/${work.id}` });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Recovered[];
      expect(list).toHaveLength(work.pageCount);
      expect(list[0]!.tags.length).toBeGreaterThanOrEqual(2);
      expect(Date.parse(list[0]!.createDate)).toBe(work.created);
      expect(list[0]!.fileUrl).toMatch(
        new RegExp(
          `^https://i\\.pximg\\.net/img-original/img/\\d{4}(/\\d{2}){5}/${work.id}_p0\\.jpg$`,
        ),
      );
      expect(list[0]!.sampleUrl).toMatch(/_p0_master1200\.jpg$/);
    }
    // The world's neighbours are untouched, and deleted ids are not the dataset's.
    expect(deleted.every((w) => state.data.indexOf(w.id) === undefined)).toBe(true);
  });

  it('serves the archived images from the CDN, and [] for a work nobody archived', async () => {
    const work = deletedWorks(state.data)[0]!;
    const [entry] = (
      await app.inject({ url: `${BASE}/api/pid-recover/${work.id}` })
    ).json() as Recovered[];
    for (const url of [entry!.sampleUrl, entry!.fileUrl]) {
      const img = await app.inject({
        url: url.replace('https://i.pximg.net', '/i.pximg.net'),
        headers: { referer: 'https://www.pixiv.net/' },
      });
      expect(img.statusCode, url).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
    }
    const live = state.data.work(10);
    expect((await app.inject({ url: `${BASE}/api/pid-recover/${live.id}` })).json()).toEqual([]);
    expect((await app.inject({ url: `${BASE}/api/pid-recover/abc` })).statusCode).toBe(400);
  });
});

describe('notices and sensitive words', () => {
  it('serves notices with every field, around the present, and effects', async () => {
    const res = await app.inject({ url: `${BASE}/notice.json` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      notices: Record<string, unknown>[];
      effects: { id: string; type: string; start: string; end: string }[];
    };
    for (const n of body.notices) {
      // plus, where the feed has them, the notice's language and its words in others
      expect(
        Object.keys(n)
          .filter((k) => k !== 'lang' && k !== 'i18n')
          .sort(),
      ).toEqual(['alert', 'end', 'id', 'pnt', 'start', 'style', 'text', 'title'].sort());
    }
    const running = body.notices.filter(
      (n) => Date.parse(n.start as string) <= TEST_NOW && TEST_NOW < Date.parse(n.end as string),
    );
    expect(running.length).toBeGreaterThan(0);
    expect(running.length).toBeLessThan(body.notices.length);
    expect(body.effects.length).toBeGreaterThan(0);
  });

  it('serves the sensitive-word list as an array of strings', async () => {
    const res = await app.inject({ url: `${BASE}/sensitive-words.json` });
    const words = res.json() as string[];
    expect(words.length).toBeGreaterThan(5);
    expect(words.every((w) => typeof w === 'string' && w.length > 0)).toBe(true);
  });
});
