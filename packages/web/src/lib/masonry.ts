import { MASONRY_BREAKPOINTS, MASONRY_DEFAULT_COLUMNS } from '@pv/core';

/** Columns for a container width: the first breakpoint at or above the width decides. */
export function masonryColumns(width: number): number {
  for (const [max, columns] of MASONRY_BREAKPOINTS) if (width <= max) return columns;
  return MASONRY_DEFAULT_COLUMNS;
}

/**
 * Distributes items over columns, each into the currently shortest one, in order, so that the
 * reading order stays left to right and top to bottom and columns end level.
 */
export function distribute<T>(
  items: readonly T[],
  columns: number,
  heightOf: (item: T) => number,
): T[][] {
  const cols: T[][] = Array.from({ length: Math.max(1, columns) }, () => []);
  const heights = new Array<number>(cols.length).fill(0);
  for (const item of items) {
    let shortest = 0;
    for (let c = 1; c < heights.length; c++) if (heights[c]! < heights[shortest]!) shortest = c;
    cols[shortest]!.push(item);
    heights[shortest]! += heightOf(item);
  }
  return cols;
}
