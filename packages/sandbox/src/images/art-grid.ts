/**
 * The colour grid of a picture (art.ts) computed from its scene, without rendering it: the
 * picture is sampled at `samples`² points a cell, each point painted as the SVG renderer paints
 * it (the gradient, then each shape composited "over" in order, in sRGB, CSS `hsl()` colours),
 * and each cell is the mean of its points. The image search indexes the whole dataset with it:
 * a grid costs a few hundredths of a millisecond, where drawing the picture through sharp costs
 * one or two.
 */
import type { ArtScene, ArtShape, Hsl } from './art.ts';

/** CSS `hsl(h s% l%)` in sRGB, 0-255 per channel. */
export function hslToRgb({ h, s, l }: Hsl): [number, number, number] {
  const light = l / 100;
  const a = (s / 100) * Math.min(light, 1 - light);
  return [hslChannel(0, h, light, a), hslChannel(8, h, light, a), hslChannel(4, h, light, a)];
}

function hslChannel(n: number, h: number, light: number, a: number): number {
  const k = (n + h / 30) % 12;
  return (light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
}

/** Curves of the horizon are cut into this many lines. */
const CURVE_STEPS = 8;

/** The horizon's upper edge as x, y pairs, x ascending (each curve's x runs forward). */
function horizon(shape: Extract<ArtShape, { type: 'path' }>): number[] {
  const out = [0, shape.y];
  const c = shape.curves;
  for (let k = 0; k < c.length; k += 4) {
    const x0 = out[out.length - 2]!;
    const y0 = out[out.length - 1]!;
    for (let s = 1; s <= CURVE_STEPS; s++) {
      const u = s / CURVE_STEPS;
      const v = 1 - u;
      out.push(
        v * v * x0 + 2 * v * u * c[k]! + u * u * c[k + 2]!,
        v * v * y0 + 2 * v * u * c[k + 1]! + u * u * c[k + 3]!,
      );
    }
  }
  return out;
}

/**
 * Whether the point lies in the shape. `aux` is computed once a shape: the horizon's edge, or
 * the cosine and sine of a rectangle's turn.
 */
function covers(shape: ArtShape, aux: number[], x: number, y: number): boolean {
  switch (shape.type) {
    case 'path': {
      const edge = aux;
      let k = 2;
      while (k < edge.length - 2 && edge[k]! < x) k += 2;
      const xa = edge[k - 2]!;
      const ya = edge[k - 1]!;
      const xb = edge[k]!;
      const yb = edge[k + 1]!;
      return y >= (xb === xa ? yb : ya + ((yb - ya) * (x - xa)) / (xb - xa));
    }
    case 'circle':
      return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r * shape.r;
    case 'rect': {
      // Back into the rectangle's own frame (SVG's rotate turns clockwise on screen).
      const cos = aux[0]!;
      const sin = aux[1]!;
      const dx = x - shape.cx;
      const dy = y - shape.cy;
      const lx = shape.cx + dx * cos + dy * sin - shape.x;
      const ly = shape.cy - dx * sin + dy * cos - shape.y;
      const { width: w, height: h } = shape;
      if (lx < 0 || ly < 0 || lx > w || ly > h) return false;
      const rx = Math.min(shape.rx, w / 2, h / 2);
      const qx = lx < rx ? rx - lx : lx > w - rx ? lx - (w - rx) : 0;
      const qy = ly < rx ? rx - ly : ly > h - rx ? ly - (h - rx) : 0;
      return qx * qx + qy * qy <= rx * rx;
    }
    case 'polygon': {
      const [[x0, y0], [x1, y1], [x2, y2]] = shape.points;
      const c1 = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0);
      const c2 = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
      const c3 = (x0 - x2) * (y - y2) - (y0 - y2) * (x - x2);
      return (c1 >= 0 && c2 >= 0 && c3 >= 0) || (c1 <= 0 && c2 <= 0 && c3 <= 0);
    }
  }
}

/** The shape's bounding box: x0, y0, x1, y1. */
function boxOf(shape: ArtShape, edge: number[], height: number): number[] {
  switch (shape.type) {
    case 'path': {
      let top = Infinity;
      for (let k = 1; k < edge.length; k += 2) top = Math.min(top, edge[k]!);
      return [0, top, edge[edge.length - 2]!, height];
    }
    case 'circle':
      return [shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r];
    case 'rect': {
      const reach = Math.hypot(
        Math.max(Math.abs(shape.x - shape.cx), Math.abs(shape.x + shape.width - shape.cx)),
        Math.max(Math.abs(shape.y - shape.cy), Math.abs(shape.y + shape.height - shape.cy)),
      );
      return [shape.cx - reach, shape.cy - reach, shape.cx + reach, shape.cy + reach];
    }
    case 'polygon': {
      const xs = shape.points.map((p) => p[0]);
      const ys = shape.points.map((p) => p[1]);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    }
  }
}

function auxOf(shape: ArtShape): number[] {
  if (shape.type === 'path') return horizon(shape);
  if (shape.type !== 'rect') return [];
  const a = (shape.rotate * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a)];
}

/** The buffers of sample colours and cell sums, reused: grids are computed one at a time. */
let samplesBuffer = new Float32Array(0);
let sums = new Float64Array(0);

/**
 * The scene as a `grid`×`grid` RGB grid (row-major, 3 bytes a cell), each cell the mean of
 * `samples`² points: what resizing the rendered picture to that grid gives, within a few levels.
 */
export function sceneGrid(scene: ArtScene, grid = 8, samples = 3): Uint8Array {
  const { width: w, height: h } = scene;
  const side = grid * samples;
  if (samplesBuffer.length < side * side * 3) samplesBuffer = new Float32Array(side * side * 3);
  const buf = samplesBuffer;
  const stepX = w / side;
  const stepY = h / side;
  const from = hslToRgb(scene.from);
  const to = hslToRgb(scene.to);
  for (let j = 0; j < side; j++) {
    const y = (j + 0.5) * stepY;
    for (let i = 0; i < side; i++) {
      const x = (i + 0.5) * stepX;
      // The gradient runs from (0,0) to (0.3,1) of the picture's box.
      const t = Math.min(1, Math.max(0, ((x / w) * 0.3 + y / h) / 1.09));
      const k = (j * side + i) * 3;
      buf[k] = from[0] + (to[0] - from[0]) * t;
      buf[k + 1] = from[1] + (to[1] - from[1]) * t;
      buf[k + 2] = from[2] + (to[2] - from[2]) * t;
    }
  }
  for (const shape of scene.shapes) {
    const aux = auxOf(shape);
    const [x0, y0, x1, y1] = boxOf(shape, aux, h) as [number, number, number, number];
    const [r, g, b] = hslToRgb(shape.fill);
    const alpha = shape.opacity;
    // Only the samples inside the bounding box are tested.
    const i0 = Math.max(0, Math.ceil(x0 / stepX - 0.5));
    const i1 = Math.min(side - 1, Math.floor(x1 / stepX - 0.5));
    const j0 = Math.max(0, Math.ceil(y0 / stepY - 0.5));
    const j1 = Math.min(side - 1, Math.floor(y1 / stepY - 0.5));
    for (let j = j0; j <= j1; j++) {
      const y = (j + 0.5) * stepY;
      for (let i = i0; i <= i1; i++) {
        if (!covers(shape, aux, (i + 0.5) * stepX, y)) continue;
        const k = (j * side + i) * 3;
        buf[k] = buf[k]! + (r - buf[k]!) * alpha;
        buf[k + 1] = buf[k + 1]! + (g - buf[k + 1]!) * alpha;
        buf[k + 2] = buf[k + 2]! + (b - buf[k + 2]!) * alpha;
      }
    }
  }
  const out = new Uint8Array(grid * grid * 3);
  if (sums.length < out.length) sums = new Float64Array(out.length);
  sums.fill(0);
  for (let j = 0; j < side; j++) {
    const row = Math.floor(j / samples) * grid;
    for (let i = 0; i < side; i++) {
      const k = (j * side + i) * 3;
      const c = (row + Math.floor(i / samples)) * 3;
      sums[c] = sums[c]! + buf[k]!;
      sums[c + 1] = sums[c + 1]! + buf[k + 1]!;
      sums[c + 2] = sums[c + 2]! + buf[k + 2]!;
    }
  }
  const n = samples * samples;
  for (let c = 0; c < out.length; c++) out[c] = Math.round(sums[c]! / n);
  return out;
}
