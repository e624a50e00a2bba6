import { NOVEL_BREAKPOINTS, NOVEL_DEFAULT_COLUMNS } from '@pv/core';

/**
 * Novel grid columns for a container width (spec 001 §9): up to 600 px one, up to 1200 px two,
 * up to 1600 px three, wider four.
 */
export function novelColumns(width: number): number {
  for (const [max, columns] of NOVEL_BREAKPOINTS) if (width <= max) return columns;
  return NOVEL_DEFAULT_COLUMNS;
}

/** The rows of a fixed-height grid that overlap [from, to] px from its top: [first, end). */
export function visibleRows(
  rowCount: number,
  rowHeight: number,
  from: number,
  to: number,
): [number, number] {
  if (rowCount === 0 || rowHeight <= 0) return [0, 0];
  const first = Math.max(0, Math.floor(from / rowHeight));
  const end = Math.min(rowCount, Math.max(first, Math.ceil(to / rowHeight)));
  return [Math.min(first, rowCount), end];
}
