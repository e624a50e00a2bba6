/**
 * The image grid's layouts (spec 001 §9: Masonry, Grid, Justified and the lab variants) as pure
 * maths: every card gets a box (top, left, width, height) from its aspect ratio alone, so the grid
 * places cards without measuring them and renders only the boxes near the viewport (see
 * `visibleBoxes`), which keeps the DOM bounded for lists of thousands.
 */
import { layoutMasonry } from './virtual-masonry.ts';

export type GridKind =
  'Masonry' | 'Grid' | 'Justified' | 'LabEqualWidth' | 'LabEqualSize' | 'LabEqualHeight';

export interface Box<T> {
  item: T;
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface GridLayout<T> {
  /** Sorted by top. */
  boxes: Box<T>[];
  /** Total height, px. */
  height: number;
  /** The tallest box, px (bounds the search in `visibleBoxes`). */
  maxBoxHeight: number;
}

export interface GridInput<T> {
  items: readonly T[];
  /** Inner width of the grid, px. */
  width: number;
  /** Columns for the width (Masonry, Grid, LabEqualWidth). */
  columns: number;
  gap: number;
  /** Image height over width. */
  aspectOf: (item: T) => number;
  /** Height of the meta block under the image, px (0 when the meta sits on the image). */
  metaHeight: number;
  /** Row height of the row layouts (Justified, LabEqualHeight), px. */
  rowHeight: number;
  /** Tile side of LabEqualSize, px. */
  tileSize: number;
}

function finish<T>(boxes: Box<T>[]): GridLayout<T> {
  boxes.sort((a, b) => a.top - b.top);
  let height = 0;
  let maxBoxHeight = 0;
  for (const b of boxes) {
    height = Math.max(height, b.top + b.height);
    maxBoxHeight = Math.max(maxBoxHeight, b.height);
  }
  return { boxes, height, maxBoxHeight };
}

/** The width of one column of `columns` across `width` with `gap` between them, px. */
function columnWidth(width: number, columns: number, gap: number): number {
  return Math.max(1, (width - (columns - 1) * gap) / columns);
}

/** The layouts that place cards in columns of one width (ImageGrid draws them as columns). */
export const COLUMN_KINDS: ReadonlySet<GridKind> = new Set(['Masonry', 'LabEqualWidth']);

/** A column layout's boxes by column (each column's in order from the top). */
export function boxesByColumn<T>(
  boxes: readonly Box<T>[],
  columns: number,
  width: number,
  gap: number,
): Box<T>[][] {
  const step = columnWidth(width, columns, gap) + gap;
  const out: Box<T>[][] = Array.from({ length: Math.max(1, columns) }, () => []);
  for (const box of boxes) {
    const c = Math.min(out.length - 1, Math.max(0, Math.round(box.left / step)));
    out[c]!.push(box);
  }
  return out;
}

/** Cards into the shortest column, each at its own aspect. */
export function masonry<T>(input: GridInput<T>): GridLayout<T> {
  const { items, columns, gap, aspectOf, metaHeight } = input;
  const w = columnWidth(input.width, columns, gap);
  const layout = layoutMasonry(
    items,
    columns,
    // not rounded: the server's columns draw each card at its ratio of the column's width
    // (ImageGrid), and whole pixels here would move the cards below by their sum
    (item) => w * aspectOf(item) + metaHeight,
    gap,
  );
  return finish(
    layout.columns.flatMap((column, c) =>
      column.map((p) => ({
        item: p.item,
        top: p.top,
        left: c * (w + gap),
        width: w,
        height: p.height,
      })),
    ),
  );
}

/** Lab, equal width and unequal height: column i % n in order, each card at its own aspect. */
export function equalWidth<T>(input: GridInput<T>): GridLayout<T> {
  const { items, columns, gap, aspectOf, metaHeight } = input;
  const w = columnWidth(input.width, columns, gap);
  const heights = new Array<number>(columns).fill(0);
  const boxes = items.map((item, i) => {
    const c = i % columns;
    const top = heights[c]! === 0 ? 0 : heights[c]! + gap;
    const height = w * aspectOf(item) + metaHeight;
    heights[c] = top + height;
    return { item, top, left: c * (w + gap), width: w, height };
  });
  return finish(boxes);
}

/** Equal cells across the width: square images in rows of `columns`. */
export function grid<T>(input: GridInput<T>): GridLayout<T> {
  const { items, columns, gap, metaHeight } = input;
  const w = columnWidth(input.width, columns, gap);
  const height = Math.round(w) + metaHeight;
  return finish(
    items.map((item, i) => ({
      item,
      top: Math.floor(i / columns) * (height + gap),
      left: (i % columns) * (w + gap),
      width: w,
      height,
    })),
  );
}

/** Lab, equal size: fixed square tiles, as many as fit, the rows centred. */
export function equalSize<T>(input: GridInput<T>): GridLayout<T> {
  const { items, gap, metaHeight } = input;
  const tile = Math.min(input.tileSize, input.width);
  const columns = Math.max(1, Math.floor((input.width + gap) / (tile + gap)));
  const offset = Math.max(0, (input.width - (columns * tile + (columns - 1) * gap)) / 2);
  const height = tile + metaHeight;
  return finish(
    items.map((item, i) => ({
      item,
      top: Math.floor(i / columns) * (height + gap),
      left: offset + (i % columns) * (tile + gap),
      width: tile,
      height,
    })),
  );
}

/**
 * Rows of one image height. Justified: each full row is scaled so that it fills the width exactly
 * (the last, unfilled row keeps the target height). Lab equal height: rows wrap at the target
 * height and are not stretched, each centred. A card wider than the grid is scaled down to it.
 */
function rows<T>(input: GridInput<T>, justify: boolean): GridLayout<T> {
  const { items, width, gap, aspectOf, metaHeight, rowHeight } = input;
  const boxes: Box<T>[] = [];
  let top = 0;
  let row: { item: T; ratio: number }[] = [];
  const place = (imageHeight: number) => {
    const used =
      row.reduce((sum, r) => sum + Math.min(width, r.ratio * imageHeight), 0) +
      (row.length - 1) * gap;
    // Justified rows fill the width; unstretched rows sit in the middle.
    let left = justify ? 0 : Math.max(0, (width - used) / 2);
    for (const { item, ratio } of row) {
      const w = Math.min(width, ratio * imageHeight);
      boxes.push({ item, top, left, width: w, height: Math.round(imageHeight) + metaHeight });
      left += w + gap;
    }
    top += Math.round(imageHeight) + metaHeight + gap;
    row = [];
  };
  for (const item of items) {
    const ratio = 1 / aspectOf(item);
    const used = row.reduce((s, r) => s + r.ratio * rowHeight, 0) + row.length * gap;
    if (!justify && row.length > 0 && used + ratio * rowHeight > width) place(rowHeight);
    row.push({ item, ratio });
    const ratios = row.reduce((s, r) => s + r.ratio, 0);
    const gaps = (row.length - 1) * gap;
    if (justify && ratios * rowHeight + gaps >= width) place((width - gaps) / ratios);
  }
  if (row.length > 0) place(rowHeight);
  return finish(boxes);
}

export const justified = <T>(input: GridInput<T>) => rows(input, true);
export const equalHeight = <T>(input: GridInput<T>) => rows(input, false);

const LAYOUTS: Record<GridKind, <T>(input: GridInput<T>) => GridLayout<T>> = {
  Masonry: masonry,
  Grid: grid,
  Justified: justified,
  LabEqualWidth: equalWidth,
  LabEqualSize: equalSize,
  LabEqualHeight: equalHeight,
};

export function layoutGrid<T>(kind: GridKind, input: GridInput<T>): GridLayout<T> {
  return LAYOUTS[kind](input);
}

/** The boxes that overlap [from, to] (px from the grid's top), found by binary search. */
export function visibleBoxes<T>(layout: GridLayout<T>, from: number, to: number): Box<T>[] {
  const { boxes } = layout;
  const start = from - layout.maxBoxHeight;
  let lo = 0;
  let hi = boxes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (boxes[mid]!.top < start) lo = mid + 1;
    else hi = mid;
  }
  const out: Box<T>[] = [];
  for (let i = lo; i < boxes.length && boxes[i]!.top <= to; i++) {
    const b = boxes[i]!;
    if (b.top + b.height >= from) out.push(b);
  }
  return out;
}
