import { describe, expect, it } from 'vitest';
import {
  authorCarousel,
  contentGate,
  isCaptionShrunk,
  isCensored,
  isLimitPlaceholder,
  listNeighbours,
  pagesShown,
} from './artwork-page.ts';

const works = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

describe('isCaptionShrunk', () => {
  it('shrinks a caption above 500 characters only', () => {
    expect(isCaptionShrunk('a'.repeat(500))).toBe(false);
    expect(isCaptionShrunk('a'.repeat(501))).toBe(true);
  });
});

describe('pagesShown', () => {
  it('shows every page of a work of up to 5 pages', () => {
    expect(pagesShown(1, false)).toBe(1);
    expect(pagesShown(5, false)).toBe(5);
  });

  it('shows 3 pages of a longer work until expanded', () => {
    expect(pagesShown(6, false)).toBe(3);
    expect(pagesShown(7, false)).toBe(3);
    expect(pagesShown(7, true)).toBe(7);
  });
});

describe('authorCarousel', () => {
  it('is absent under 10 other works', () => {
    expect(authorCarousel(works(9), 0)).toBeNull();
    // the current work does not count
    expect(authorCarousel(works(10), 1)).toBeNull();
  });

  it('puts the last 5 of at most 15 works behind the more slide', () => {
    const ten = authorCarousel(works(10), 0)!;
    expect(ten.shown.map((w) => w.id)).toEqual([1, 2, 3, 4, 5]);
    expect(ten.more.map((w) => w.id)).toEqual([6, 7, 8, 9, 10]);
    const many = authorCarousel(works(30), 3)!;
    expect(many.shown).toHaveLength(10);
    expect(many.shown.map((w) => w.id)).not.toContain(3);
    expect(many.more.map((w) => w.id)).toEqual([12, 13, 14, 15, 16]);
  });
});

describe('contentGate', () => {
  const off = { r18: false, r18g: false, ai: false };
  const on = { r18: true, r18g: true, ai: true };
  const work = (x_restrict: number, illust_ai_type = 1) => ({
    x_restrict,
    illust_ai_type,
    tags: [],
  });
  it('says which setting hides the work', () => {
    expect(contentGate(work(1), off)).toBe('r18');
    expect(contentGate(work(2), { ...off, r18: true })).toBe('r18g');
    expect(contentGate(work(0, 2), off)).toBe('ai');
    expect(contentGate(work(0), off)).toBeNull();
    expect(contentGate(work(2, 2), on)).toBeNull();
  });
});

describe('isLimitPlaceholder', () => {
  it("knows pixiv's limit placeholders and nothing else", () => {
    for (const name of ['limit_sanity_level_360', 'limit_unviewable_360', 'limit_mypixiv_360']) {
      expect(isLimitPlaceholder(`https://s.pximg.net/common/images/${name}.png`)).toBe(true);
    }
    expect(isLimitPlaceholder('https://s.pximg.net/common/images/no_profile.png')).toBe(false);
    expect(
      isLimitPlaceholder(
        'https://i.pximg.net/img-master/img/2024/01/01/00/00/00/1_p0_master1200.jpg',
      ),
    ).toBe(false);
    expect(isLimitPlaceholder(undefined)).toBe(false);
  });
});

describe('isCensored', () => {
  const work = {
    x_restrict: 1,
    illust_ai_type: 2,
    author: { id: 7 },
    tags: [{ name: '風景', translated_name: 'scenery' }],
  };
  it('is a work whose author or tag (name or translation) is blocked', () => {
    expect(isCensored(work, { tags: [], authorIds: [7] })).toBe(true);
    expect(isCensored(work, { tags: ['風景'], authorIds: [] })).toBe(true);
    expect(isCensored(work, { tags: ['scenery'], authorIds: [] })).toBe(true);
  });
  it('is not decided by the R-18 or AI settings (those give the gate)', () => {
    expect(isCensored(work, { tags: ['猫'], authorIds: [8] })).toBe(false);
  });
});

describe('listNeighbours', () => {
  it('gives the ids before and after the work in its list', () => {
    expect(listNeighbours([5, 9, 3], 9)).toEqual({ prev: 5, next: 3 });
    expect(listNeighbours([5, 9, 3], 5)).toEqual({ prev: null, next: 9 });
    expect(listNeighbours([5, 9, 3], 3)).toEqual({ prev: 9, next: null });
  });
  it('gives none for a work outside the list', () => {
    expect(listNeighbours([5, 9, 3], 4)).toEqual({ prev: null, next: null });
    expect(listNeighbours([], 4)).toEqual({ prev: null, next: null });
  });
});
