import { describe, expect, it } from 'vitest';
import { layoutGrid, visibleBoxes, type GridInput, type GridKind } from './grid-layouts.ts';

interface Item {
  id: number;
  aspect: number;
}

const ASPECTS = [1, 1.5, 0.5, 0.75, 1.6, 1.2, 0.6, 1];
const items = (n: number): Item[] =>
  Array.from({ length: n }, (_, i) => ({ id: i, aspect: ASPECTS[i % ASPECTS.length]! }));

function input(n: number, patch: Partial<GridInput<Item>> = {}): GridInput<Item> {
  return {
    items: items(n),
    width: 1000,
    columns: 4,
    gap: 8,
    aspectOf: (i) => i.aspect,
    metaHeight: 52,
    rowHeight: 200,
    tileSize: 180,
    ...patch,
  };
}

const KINDS: GridKind[] = [
  'Masonry',
  'Grid',
  'Justified',
  'LabEqualWidth',
  'LabEqualSize',
  'LabEqualHeight',
];
const overlap = (a: { top: number; left: number; width: number; height: number }, b: typeof a) =>
  a.left < b.left + b.width - 0.01 &&
  b.left < a.left + a.width - 0.01 &&
  a.top < b.top + b.height - 0.01 &&
  b.top < a.top + a.height - 0.01;

describe('grid layouts', () => {
  for (const kind of KINDS) {
    it(`${kind}: every item once, inside the width, no two boxes overlapping, sorted by top`, () => {
      const layout = layoutGrid(kind, input(60));
      expect(layout.boxes.map((b) => b.item.id).sort((a, b) => a - b)).toEqual(
        items(60).map((i) => i.id),
      );
      for (let i = 0; i < layout.boxes.length; i++) {
        const b = layout.boxes[i]!;
        expect(b.left).toBeGreaterThanOrEqual(0);
        expect(b.left + b.width).toBeLessThanOrEqual(1000 + 0.01);
        expect(b.top + b.height).toBeLessThanOrEqual(layout.height);
        if (i > 0) expect(b.top).toBeGreaterThanOrEqual(layout.boxes[i - 1]!.top);
        for (let j = i + 1; j < layout.boxes.length; j++)
          expect(overlap(b, layout.boxes[j]!)).toBe(false);
      }
    });
  }

  it('Masonry puts each card in the shortest column, columns of equal width with an 8 px gutter', () => {
    const layout = layoutGrid('Masonry', input(3, { columns: 2, width: 208 }));
    // two columns of 100 px: 1.0 -> col 0 (152), 1.5 -> col 1 (202), 0.5 -> col 0 again
    expect(layout.boxes.map((b) => [b.item.id, b.left, b.top, b.width, b.height])).toEqual([
      [0, 0, 0, 100, 152],
      [1, 108, 0, 100, 202],
      [2, 0, 160, 100, 102],
    ]);
  });

  it('Lab equal width fills the columns in order, not by height', () => {
    const layout = layoutGrid('LabEqualWidth', input(5, { columns: 2, width: 208 }));
    const lefts = new Map(layout.boxes.map((b) => [b.item.id, b.left]));
    expect([0, 1, 2, 3, 4].map((id) => lefts.get(id))).toEqual([0, 108, 0, 108, 0]);
  });

  it('Grid makes equal square cells in rows', () => {
    const layout = layoutGrid('Grid', input(9, { columns: 4, width: 424 }));
    expect(new Set(layout.boxes.map((b) => `${b.width}x${b.height}`))).toEqual(
      new Set(['100x152']),
    );
    expect(layout.boxes.filter((b) => b.top === 0)).toHaveLength(4);
    expect(layout.height).toBe(3 * 152 + 2 * 8);
  });

  it('Justified fills every full row to the width exactly, with one height per row', () => {
    const layout = layoutGrid('Justified', input(40, { metaHeight: 0 }));
    const byRow = new Map<number, typeof layout.boxes>();
    for (const b of layout.boxes) byRow.set(b.top, [...(byRow.get(b.top) ?? []), b]);
    const rows = [...byRow.values()];
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows.slice(0, -1)) {
      const last = row.at(-1)!;
      expect(last.left + last.width).toBeCloseTo(1000, 5);
      expect(new Set(row.map((b) => b.height)).size).toBe(1);
      // each image keeps its aspect ratio
      for (const b of row)
        expect(Math.abs(b.width * b.item.aspect - row[0]!.height)).toBeLessThan(1);
    }
    // the unfilled last row keeps the target height
    expect(rows.at(-1)![0]!.height).toBe(200);
  });

  it('Lab equal height keeps every row at the target height without stretching', () => {
    const layout = layoutGrid('LabEqualHeight', input(40, { metaHeight: 0 }));
    expect(new Set(layout.boxes.map((b) => b.height))).toEqual(new Set([200]));
    for (const b of layout.boxes) expect(b.width).toBeCloseTo(200 / b.item.aspect, 5);
    // each row is centred: as much space on the left as on the right
    const firstRow = layout.boxes.filter((b) => b.top === 0);
    const right = 1000 - (firstRow.at(-1)!.left + firstRow.at(-1)!.width);
    expect(firstRow[0]!.left).toBeCloseTo(right, 5);
  });

  it('Lab equal size uses fixed tiles, centred', () => {
    const layout = layoutGrid(
      'LabEqualSize',
      input(7, { width: 1000, tileSize: 180, metaHeight: 0 }),
    );
    // (1000 + 8) / 188 -> 5 tiles; 5 * 180 + 4 * 8 = 932 -> offset 34
    expect(layout.boxes.filter((b) => b.top === 0).map((b) => b.left)).toEqual([
      34, 222, 410, 598, 786,
    ]);
    expect(new Set(layout.boxes.map((b) => b.width))).toEqual(new Set([180]));
  });

  it('visibleBoxes returns exactly the boxes overlapping the window', () => {
    for (const kind of KINDS) {
      const layout = layoutGrid(kind, input(3000));
      const from = layout.height / 2;
      const to = from + 900;
      const expected = layout.boxes.filter((b) => b.top <= to && b.top + b.height >= from);
      const visible = visibleBoxes(layout, from, to);
      expect(visible).toEqual(expected);
      expect(visible.length).toBeLessThan(120);
    }
  });
});
