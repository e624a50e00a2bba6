/**
 * A GIF frame's palette and indices (issue 16: faster than gif.js at equal or better quality).
 * A quarter of the frame's pixels (every other one of every other row) go into a histogram of 6
 * bits a channel, each cell keeping its pixel count and colour sums (cell means are exact); the cells are merged into 5 bits a channel,
 * where median cut splits them into up to 256 boxes (always the box with the largest squared
 * error, across its widest channel at the weighted median) and k-means rounds move each palette
 * colour to the mean of the cells nearest to it. Every 6-bit cell then takes the palette colour
 * nearest to its mean (a cell the sample missed, nearest to its centre, found once), so mapping a
 * pixel is a table lookup. No dithering. Pure and synchronous
 * (it runs in the export worker); its tables are allocated once per worker and reused.
 */

/** k-means rounds after the median cut. */
export const KMEANS_ROUNDS = 3;

export interface QuantizedFrame {
  /** `[r, g, b]` triplets, at most `maxColors`. */
  palette: number[][];
  /** One palette index per pixel. */
  index: Uint8Array;
}

const FINE = 1 << 18;
const COARSE = 1 << 15;
/** Per 6-bit cell: count, sum of r, g, b. Zero between calls. */
let fine: Uint32Array | null = null;
/** Per 6-bit cell: its palette index + 1 in this frame, 0 when not yet known. */
let lookup: Uint16Array | null = null;
/** The palette is drawn from every other pixel of every other row (a quarter of them). */
const SAMPLE_STEP = 2;

interface Cells {
  n: number;
  id: Uint32Array;
  w: Float64Array;
  mean: [Float64Array, Float64Array, Float64Array];
}

function collect(table: Uint32Array | Float64Array, size: number, clear: boolean): Cells {
  let n = 0;
  for (let c = 0; c < size; c++) if (table[c * 4]) n++;
  const cells: Cells = {
    n,
    id: new Uint32Array(n),
    w: new Float64Array(n),
    mean: [new Float64Array(n), new Float64Array(n), new Float64Array(n)],
  };
  for (let c = 0, i = 0; c < size; c++) {
    const o = c * 4;
    const k = table[o]!;
    if (!k) continue;
    cells.id[i] = c;
    cells.w[i] = k;
    cells.mean[0][i] = table[o + 1]! / k;
    cells.mean[1][i] = table[o + 2]! / k;
    cells.mean[2][i] = table[o + 3]! / k;
    if (clear) table.fill(0, o, o + 4);
    i++;
  }
  return cells;
}

export function quantizeFrame(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  maxColors = 256,
  rounds = KMEANS_ROUNDS,
): QuantizedFrame {
  const pixels = rgba.length >> 2;
  const height = pixels / width;
  fine ??= new Uint32Array(FINE * 4);
  lookup ??= new Uint16Array(FINE);
  const table = fine;
  for (let y = 0; y < height; y += SAMPLE_STEP) {
    for (let q = y * width * 4, end = q + width * 4; q < end; q += 4 * SAMPLE_STEP) {
      const r = rgba[q]!;
      const g = rgba[q + 1]!;
      const b = rgba[q + 2]!;
      const o = (((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2)) * 4;
      table[o]!++;
      table[o + 1]! += r;
      table[o + 2]! += g;
      table[o + 3]! += b;
    }
  }
  const fineCells = collect(table, FINE, true);
  // The same colours at 5 bits a channel: fewer cells for the median cut and k-means.
  const coarseTable = new Float64Array(COARSE * 4);
  for (let i = 0; i < fineCells.n; i++) {
    const c = fineCells.id[i]!;
    const o = (((c >> 13) << 10) | (((c >> 7) & 31) << 5) | ((c >> 1) & 31)) * 4;
    const k = fineCells.w[i]!;
    coarseTable[o]! += k;
    coarseTable[o + 1]! += fineCells.mean[0][i]! * k;
    coarseTable[o + 2]! += fineCells.mean[1][i]! * k;
    coarseTable[o + 3]! += fineCells.mean[2][i]! * k;
  }
  const coarse = collect(coarseTable, COARSE, false);

  const centres = medianCut(coarse, maxColors);
  const k = centres.length / 3;
  const nearest = new Uint16Array(fineCells.n);
  for (let round = 0; round < rounds; round++) {
    assign(fineCells, centres, nearest);
    const acc = new Float64Array(k * 4);
    for (let i = 0; i < fineCells.n; i++) {
      const j = nearest[i]! * 4;
      const weight = fineCells.w[i]!;
      acc[j]! += weight;
      acc[j + 1]! += fineCells.mean[0][i]! * weight;
      acc[j + 2]! += fineCells.mean[1][i]! * weight;
      acc[j + 3]! += fineCells.mean[2][i]! * weight;
    }
    for (let j = 0; j < k; j++) {
      const weight = acc[j * 4]!;
      if (!weight) continue;
      centres[j * 3] = acc[j * 4 + 1]! / weight;
      centres[j * 3 + 1] = acc[j * 4 + 2]! / weight;
      centres[j * 3 + 2] = acc[j * 4 + 3]! / weight;
    }
  }
  const palette: number[][] = [];
  for (let j = 0; j < k; j++) {
    palette.push([
      Math.round(centres[j * 3]!),
      Math.round(centres[j * 3 + 1]!),
      Math.round(centres[j * 3 + 2]!),
    ]);
    centres.set(palette[j]!, j * 3);
  }

  assign(fineCells, centres, nearest);
  const known = lookup;
  for (let i = 0; i < fineCells.n; i++) known[fineCells.id[i]!] = nearest[i]! + 1;
  // Every pixel through its cell; a cell the sample missed finds its nearest colour once.
  const index = new Uint8Array(pixels);
  const missed: number[] = [];
  const find = nearestOf(centres);
  for (let p = 0, q = 0; p < pixels; p++, q += 4) {
    const cell = ((rgba[q]! >> 2) << 12) | ((rgba[q + 1]! >> 2) << 6) | (rgba[q + 2]! >> 2);
    let j = known[cell]!;
    if (!j) {
      j = find(((cell >> 12) << 2) + 2, (((cell >> 6) & 63) << 2) + 2, ((cell & 63) << 2) + 2) + 1;
      known[cell] = j;
      missed.push(cell);
    }
    index[p] = j - 1;
  }
  for (let i = 0; i < fineCells.n; i++) known[fineCells.id[i]!] = 0;
  for (const cell of missed) known[cell] = 0;
  return { palette, index };
}

/**
 * The nearest of a set of centres (squared RGB distance). The centres are searched in order of
 * red, outwards from the colour's red, stopping once red alone is farther than the best so far.
 */
function nearestOf(centres: Float64Array): (r: number, g: number, b: number) => number {
  const k = centres.length / 3;
  const order = Array.from({ length: k }, (_, j) => j).sort(
    (a, b) => centres[a * 3]! - centres[b * 3]!,
  );
  const sortedR = new Float64Array(k);
  const sortedG = new Float64Array(k);
  const sortedB = new Float64Array(k);
  order.forEach((j, s) => {
    sortedR[s] = centres[j * 3]!;
    sortedG[s] = centres[j * 3 + 1]!;
    sortedB[s] = centres[j * 3 + 2]!;
  });
  return (r, g, b) => {
    // The first centre with red ≥ r (binary search), then both ways.
    let lo = 0;
    let hi = k;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sortedR[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    let best = 0;
    let bestD = Infinity;
    let up = lo;
    let down = lo - 1;
    while (up < k || down >= 0) {
      if (up < k) {
        const dr = sortedR[up]! - r;
        if (dr * dr >= bestD) up = k;
        else {
          const dg = sortedG[up]! - g;
          const db = sortedB[up]! - b;
          const d = dr * dr + dg * dg + db * db;
          if (d < bestD) {
            bestD = d;
            best = up;
          }
          up++;
        }
      }
      if (down >= 0) {
        const dr = r - sortedR[down]!;
        if (dr * dr >= bestD) down = -1;
        else {
          const dg = sortedG[down]! - g;
          const db = sortedB[down]! - b;
          const d = dr * dr + dg * dg + db * db;
          if (d < bestD) {
            bestD = d;
            best = down;
          }
          down--;
        }
      }
    }
    return order[best]!;
  };
}

/** Each cell's nearest centre. */
function assign(cells: Cells, centres: Float64Array, nearest: Uint16Array): void {
  const find = nearestOf(centres);
  const [mr, mg, mb] = cells.mean;
  for (let i = 0; i < cells.n; i++) nearest[i] = find(mr[i]!, mg[i]!, mb[i]!);
}

interface Box {
  start: number;
  end: number;
  /** Weighted squared error around the box's mean. */
  error: number;
  /** The channel with the largest spread. */
  axis: 0 | 1 | 2;
  centre: [number, number, number];
}

/** Splits the cells into up to `maxColors` boxes; returns their weighted means (r, g, b, …). */
function medianCut({ n, w, mean }: Cells, maxColors: number): Float64Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const boxOf = (start: number, end: number): Box => {
    let total = 0;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let q0 = 0;
    let q1 = 0;
    let q2 = 0;
    for (let i = start; i < end; i++) {
      const c = order[i]!;
      const weight = w[c]!;
      const r = mean[0][c]!;
      const g = mean[1][c]!;
      const b = mean[2][c]!;
      total += weight;
      s0 += r * weight;
      s1 += g * weight;
      s2 += b * weight;
      q0 += r * r * weight;
      q1 += g * g * weight;
      q2 += b * b * weight;
    }
    const v0 = q0 - (s0 * s0) / total;
    const v1 = q1 - (s1 * s1) / total;
    const v2 = q2 - (s2 * s2) / total;
    return {
      start,
      end,
      error: end - start > 1 ? v0 + v1 + v2 : 0,
      axis: v0 >= v1 && v0 >= v2 ? 0 : v1 >= v2 ? 1 : 2,
      centre: [s0 / total, s1 / total, s2 / total],
    };
  };
  const boxes: Box[] = [boxOf(0, n)];
  while (boxes.length < maxColors) {
    let pick = -1;
    for (let b = 0; b < boxes.length; b++) {
      if (boxes[b]!.error > 0 && (pick < 0 || boxes[b]!.error > boxes[pick]!.error)) pick = b;
    }
    if (pick < 0) break;
    const box = boxes[pick]!;
    const values = mean[box.axis];
    order.subarray(box.start, box.end).sort((x, y) => values[x]! - values[y]!);
    let half = 0;
    for (let i = box.start; i < box.end; i++) half += w[order[i]!]!;
    half /= 2;
    let at = box.start;
    for (let acc = 0; at < box.end - 1; at++) {
      acc += w[order[at]!]!;
      if (acc >= half) break;
    }
    const cut = Math.min(Math.max(at + 1, box.start + 1), box.end - 1);
    boxes.splice(pick, 1, boxOf(box.start, cut), boxOf(cut, box.end));
  }
  const centres = new Float64Array(boxes.length * 3);
  boxes.forEach((box, j) => centres.set(box.centre, j * 3));
  return centres;
}
