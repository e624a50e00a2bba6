import { MASONRY_BREAKPOINTS, MASONRY_DEFAULT_COLUMNS } from '@pv/core';

/** Columns for a container width: the first breakpoint at or above the width decides. */
export function masonryColumns(width: number): number {
  for (const [max, columns] of MASONRY_BREAKPOINTS) if (width <= max) return columns;
  return MASONRY_DEFAULT_COLUMNS;
}
