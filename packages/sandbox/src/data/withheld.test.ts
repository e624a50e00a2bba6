import { describe, expect, it } from 'vitest';
import type { RawIllust } from '@pv/core';
import { DEMO_ACCOUNTS } from '../accounts.ts';
import { demoAccessToken, testSandbox } from '../test-helpers.ts';
import { withheldKind } from './app-json.ts';

const { app, state } = testSandbox();
/** The account that sees R-18 and R-18G: only withholding can hide a work from it. */
const R18G = DEMO_ACCOUNTS.findIndex((a) => a.xRestrict === 2);

async function detail(id: number): Promise<RawIllust> {
  const token = await demoAccessToken(app, R18G);
  const res = await app.inject({
    url: `/app-api.pixiv.net/v1/illust/detail?illust_id=${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { illust: RawIllust }).illust;
}

function worksOf(kind: 'unviewable' | 'mypixiv' | null) {
  const found = [];
  for (let i = 0; i < state.data.illustCount; i++) {
    const w = state.data.work(i);
    if (withheldKind(w) === kind) found.push(w);
  }
  return found;
}

describe('works withheld from every viewer', () => {
  it('are a few of the dataset, of both kinds', () => {
    const unviewable = worksOf('unviewable').length;
    const mypixiv = worksOf('mypixiv').length;
    // 1 in 800 each of 5,000 works
    for (const n of [unviewable, mypixiv]) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(20);
    }
  });

  it.each(['unviewable', 'mypixiv'] as const)(
    'answer %s placeholders as pixiv does: visible false, emptied user, 100x100',
    async (kind) => {
      expect(R18G).toBeGreaterThanOrEqual(0);
      const work = worksOf(kind)[0]!;
      const illust = await detail(work.id);
      const placeholder = `https://s.pximg.net/common/images/limit_${kind}_360.png`;
      expect(illust.id).toBe(work.id);
      expect(illust.visible).toBe(false);
      expect(illust.image_urls).toEqual({
        square_medium: placeholder,
        medium: placeholder,
        large: placeholder,
      });
      expect(illust.user).toMatchObject({ id: 0, name: '', account: '' });
      expect([illust.width, illust.height]).toEqual([100, 100]);
      expect(illust.meta_pages).toEqual([]);
      expect(illust.meta_single_page).toEqual({});
      expect('restriction_attributes' in illust).toBe(false);
      const image = await app.inject({ url: placeholder.replace('https://', '/') });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    },
  );

  it('leave every other work visible to that account', async () => {
    const work = worksOf(null)[0]!;
    const illust = await detail(work.id);
    expect(illust.visible).toBe(true);
    expect(illust.image_urls.medium).toMatch(/^https:\/\/i\.pximg\.net\//);
  });
});

describe('GET /_sandbox/special-works', () => {
  it('lists every withheld work with its kind, and the deleted works', async () => {
    const res = await app.inject({ url: '/_sandbox/special-works' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      withheld: { id: number; kind: string; xRestrict: number }[];
      deleted: { id: number }[];
    };
    const expected = [...worksOf('unviewable'), ...worksOf('mypixiv')].map((w) => w.id);
    expect(body.withheld.map((w) => w.id).sort((a, b) => a - b)).toEqual(
      expected.sort((a, b) => a - b),
    );
    for (const w of body.withheld) {
      const work = state.data.workById(w.id)!;
      expect(w.kind).toBe(withheldKind(work));
      expect(w.xRestrict).toBe(work.xRestrict);
    }
    expect(body.deleted.length).toBeGreaterThan(0);
    for (const d of body.deleted) expect(state.data.workById(d.id)).toBeFalsy();
  });
});
