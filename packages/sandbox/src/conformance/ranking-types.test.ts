/**
 * Conformance of the rankings' types with pixiv's (issue 35 item 19): the captured daily ranking
 * (`/v1/illust/ranking?mode=day`) held 20 illustrations and 10 manga of its 30 works, and the
 * manga that belong to a series carried `series: {id, title}`. Every mode that is not a manga
 * mode mixes the types the same way; the manga modes hold manga only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RawIllust, RawIllustListResponse } from '@pv/core';
import { buildSandboxApp } from '../app.ts';
import { TEST_NOW, demoAccessToken } from '../test-helpers.ts';
import { ILLUST_RANKING_MODES, latestRankingDay } from '../data/ranking.ts';

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = buildSandboxApp({ now: TEST_NOW }).app;
  // the demo account sees R-18 and R-18G, so every mode answers
  token = await demoAccessToken(app, 0);
});
afterAll(() => app.close());

async function page(mode: string, date: string, offset = 0): Promise<RawIllustListResponse> {
  const res = await app.inject({
    url: `/app-api.pixiv.net/v1/illust/ranking?mode=${mode}&date=${date}&offset=${offset}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, `${mode} ${date}`).toBe(200);
  return res.json() as RawIllustListResponse;
}

const DAY_MS = 86_400_000;
const latest = latestRankingDay(TEST_NOW);
/** The week of daily rankings up to the latest published one. */
const week = Array.from({ length: 7 }, (_, i) =>
  new Date(Date.parse(`${latest}T00:00:00Z`) - i * DAY_MS).toISOString().slice(0, 10),
);
const count = (items: RawIllust[], type: string) => items.filter((i) => i.type === type).length;

describe('ranking types (the captured daily ranking: 20 illustrations and 10 manga of 30)', () => {
  it('each daily ranking page mixes manga among the illustrations, about a third of 30', async () => {
    let manga = 0;
    let total = 0;
    for (const day of week) {
      const { illusts } = await page('day', day);
      expect(illusts, day).toHaveLength(30);
      const m = count(illusts, 'manga');
      expect(m, `manga on ${day}`).toBeGreaterThanOrEqual(5);
      expect(m, `manga on ${day}`).toBeLessThanOrEqual(16);
      expect(count(illusts, 'illust'), `illustrations on ${day}`).toBeGreaterThanOrEqual(12);
      manga += m;
      total += illusts.length;
    }
    expect(manga / total).toBeGreaterThan(0.25);
    expect(manga / total).toBeLessThan(0.42);
  });

  it('manga in a series carry series {id, title} in the ranking; other works carry null', async () => {
    const items = (await Promise.all(week.map((day) => page('day', day)))).flatMap(
      (p) => p.illusts,
    );
    const inSeries = items.filter((i) => i.series !== null);
    expect(inSeries.length).toBeGreaterThan(0);
    for (const item of inSeries) {
      expect(item.type, `${item.id}`).toBe('manga');
      expect(item.series).toEqual({ id: expect.any(Number), title: expect.any(String) });
    }
    // the series is the one the series call answers for the work
    const first = inSeries[0]!;
    const res = await app.inject({
      url: `/app-api.pixiv.net/v1/illust/series?illust_series_id=${first.series!.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const series = res.json() as { illust_series_detail: { title: string } };
    expect(series.illust_series_detail.title).toBe(first.series!.title);
  });

  it('every mode that mixes types holds manga and illustrations; manga modes only manga', async () => {
    for (const mode of Object.keys(ILLUST_RANKING_MODES)) {
      const items: RawIllust[] = [];
      for (let offset = 0; offset < 90; offset += 30) {
        const p = await page(mode, latest, offset);
        items.push(...p.illusts);
        if (!p.next_url) break;
      }
      expect(items.length, mode).toBeGreaterThan(0);
      if (mode.endsWith('_manga')) {
        expect(count(items, 'manga'), mode).toBe(items.length);
      } else {
        expect(count(items, 'manga'), mode).toBeGreaterThan(0);
        expect(count(items, 'illust'), mode).toBeGreaterThan(0);
      }
    }
  });
});
