/**
 * Masonry layout with windowing: every card's position is computed from its aspect ratio (the
 * card's meta block has a fixed height), and only the cards near the viewport are rendered, so
 * a list of thousands keeps a small, bounded DOM (spec 000 §9 list behaviour; issue: < 2000
 * elements for 3000 cards).
 */

export interface Placed<T> {
  item: T;
  top: number;
  height: number;
}

export interface MasonryLayout<T> {
  columns: Placed<T>[][];
  /** Height of the tallest column, px. */
  height: number;
}

/** Places items into the shortest column in order; `heightOf` gives a card's height in px. */
export function layoutMasonry<T>(
  items: readonly T[],
  columnCount: number,
  heightOf: (item: T) => number,
  gap: number,
): MasonryLayout<T> {
  const columns: Placed<T>[][] = Array.from({ length: Math.max(1, columnCount) }, () => []);
  const heights = new Array<number>(columns.length).fill(0);
  for (const item of items) {
    let shortest = 0;
    for (let c = 1; c < heights.length; c++) if (heights[c]! < heights[shortest]!) shortest = c;
    const height = heightOf(item);
    const top = heights[shortest]! === 0 ? 0 : heights[shortest]! + gap;
    columns[shortest]!.push({ item, top, height });
    heights[shortest] = top + height;
  }
  return { columns, height: Math.max(0, ...heights) };
}

/** The cards of a column that overlap [from, to] (px from the grid's top), by binary search. */
export function visibleSlice<T>(
  column: readonly Placed<T>[],
  from: number,
  to: number,
): Placed<T>[] {
  let lo = 0;
  let hi = column.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const p = column[mid]!;
    if (p.top + p.height < from) lo = mid + 1;
    else hi = mid;
  }
  const out: Placed<T>[] = [];
  for (let i = lo; i < column.length && column[i]!.top <= to; i++) out.push(column[i]!);
  return out;
}
