/**
 * Generated artwork: an abstract, colourful composition per work and page, as SVG, rendered to
 * JPEG/PNG/WebP by sharp. No text (no fonts can be assumed on the machines that run this).
 */
import sharp from 'sharp';
import { Rng } from '../rng.ts';

export interface ArtSpec {
  /** Seed key: the same key always draws the same picture. */
  key: string;
  seed: number;
  /** The work's full size; the picture is composed at this aspect ratio. */
  width: number;
  height: number;
  /** Ugoira frame number: shapes drift with it. */
  frame?: number;
}

/** A colour as the SVG writes it: `hsl(h s% l%)`. */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

type Point = [number, number];

/**
 * One shape of a picture, its numbers exactly as the SVG writes them (one decimal), so that
 * anything reading the scene (the image search's signatures) sees what the renderer draws.
 */
export type ArtShape = { fill: Hsl; opacity: number } & (
  | {
      type: 'path';
      /** The horizon: from (0, y) across the picture in quadratic curves, filled below. */
      y: number;
      /** Control point and end point of each curve: cx, cy, x, y, cx, cy, x, y, … */
      curves: number[];
    }
  | { type: 'circle'; cx: number; cy: number; r: number }
  | {
      type: 'rect';
      x: number;
      y: number;
      width: number;
      height: number;
      rx: number;
      /** Degrees about (cx, cy). */
      rotate: number;
      cx: number;
      cy: number;
    }
  | { type: 'polygon'; points: [Point, Point, Point] }
);

/** A picture: a vertical-ish gradient (objectBoundingBox 0,0 → 0.3,1) under shapes. */
export interface ArtScene {
  width: number;
  height: number;
  from: Hsl;
  to: Hsl;
  shapes: ArtShape[];
}

const one = (n: number) => Number(n.toFixed(1));
const hsl = (c: Hsl) => `hsl(${c.h} ${c.s}% ${c.l}%)`;

/** The composition of the work's picture at its natural size. */
export function artScene(spec: ArtSpec): ArtScene {
  const r = Rng.of(spec.seed, spec.key);
  const { width: w, height: h } = spec;
  const hue = r.int(0, 359);
  const hue2 = (hue + r.int(40, 160)) % 360;
  const light = r.int(35, 75);
  const drift = spec.frame ?? 0;
  const shapes: ArtShape[] = [];
  // A horizon: hills or waves across the lower part.
  const baseY = h * (0.55 + r.next() * 0.25);
  const curves: number[] = [];
  const steps = r.int(3, 7);
  for (let i = 1; i <= steps; i++) {
    const x = (w * i) / steps;
    const y = baseY + (r.next() - 0.5) * h * 0.25;
    curves.push(one(x - w / steps / 2), one(y - h * 0.12), one(x), one(y));
  }
  shapes.push({
    type: 'path',
    y: one(baseY),
    curves,
    fill: { h: hue2, s: 45, l: Math.max(15, light - 25) },
    opacity: 0.85,
  });
  const count = r.int(6, 14);
  for (let i = 0; i < count; i++) {
    const x = r.next() * w + Math.sin(drift / 3 + i) * w * 0.03 * (drift ? 1 : 0);
    const y = r.next() * h * 0.9 + Math.cos(drift / 3 + i) * h * 0.03 * (drift ? 1 : 0);
    const size = (0.04 + r.next() * 0.22) * Math.min(w, h);
    const fill = { h: (hue + r.int(-40, 200)) % 360, s: r.int(45, 90), l: r.int(45, 85) };
    const opacity = Number((0.35 + r.next() * 0.55).toFixed(2));
    const shape = r.int(0, 2);
    if (shape === 0) {
      shapes.push({ type: 'circle', cx: one(x), cy: one(y), r: one(size), fill, opacity });
    } else if (shape === 1) {
      const rotate = r.int(0, 89);
      shapes.push({
        type: 'rect',
        x: one(x - size),
        y: one(y - size / 2),
        width: one(size * 2),
        height: one(size),
        rx: one(size / 4),
        rotate,
        cx: one(x),
        cy: one(y),
        fill,
        opacity,
      });
    } else {
      const corner = (k: number): Point => {
        const a = (k * 2 * Math.PI) / 3 + r.next();
        return [one(x + Math.cos(a) * size), one(y + Math.sin(a) * size)];
      };
      const points: [Point, Point, Point] = [corner(0), corner(1), corner(2)];
      shapes.push({ type: 'polygon', points, fill, opacity });
    }
  }
  // A sun or moon.
  const sunR = Math.min(w, h) * (0.06 + r.next() * 0.08);
  shapes.push({
    type: 'circle',
    cx: one(w * (0.15 + r.next() * 0.7)),
    cy: one(h * (0.12 + r.next() * 0.25)),
    r: one(sunR),
    fill: { h: (hue + 180) % 360, s: 90, l: 88 },
    opacity: 1,
  });
  return {
    width: w,
    height: h,
    from: { h: hue, s: 70, l: light },
    to: { h: hue2, s: 60, l: Math.min(92, light + 15) },
    shapes,
  };
}

// `-0.0` stays as written: a coordinate rounded up from just below zero keeps its sign.
const f1 = (n: number) => (Object.is(n, -0) ? '-0.0' : n.toFixed(1));

function shapeSvg(s: ArtShape, w: number, h: number): string {
  const paint = `fill="${hsl(s.fill)}"`;
  const opacity =
    s.opacity === 1 ? '' : ` opacity="${s.type === 'path' ? s.opacity : s.opacity.toFixed(2)}"`;
  switch (s.type) {
    case 'path': {
      let d = `M0 ${h} L0 ${f1(s.y)}`;
      for (let k = 0; k < s.curves.length; k += 4) {
        const [cx, cy, x, y] = s.curves.slice(k, k + 4) as [number, number, number, number];
        d += ` Q${f1(cx)} ${f1(cy)} ${f1(x)} ${f1(y)}`;
      }
      return `<path d="${d} L${w} ${h} Z" ${paint}${opacity}/>`;
    }
    case 'circle':
      return `<circle cx="${f1(s.cx)}" cy="${f1(s.cy)}" r="${f1(s.r)}" ${paint}${opacity}/>`;
    case 'rect':
      return `<rect x="${f1(s.x)}" y="${f1(s.y)}" width="${f1(s.width)}" height="${f1(s.height)}" rx="${f1(s.rx)}" ${paint}${opacity} transform="rotate(${s.rotate} ${f1(s.cx)} ${f1(s.cy)})"/>`;
    case 'polygon':
      return `<polygon points="${s.points.map(([x, y]) => `${f1(x)},${f1(y)}`).join(' ')}" ${paint}${opacity}/>`;
  }
}

/** An SVG of the work's picture at its natural size. */
export function artSvg(spec: ArtSpec): string {
  const scene = artScene(spec);
  const { width: w, height: h } = scene;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1">` +
    `<stop offset="0" stop-color="${hsl(scene.from)}"/>` +
    `<stop offset="1" stop-color="${hsl(scene.to)}"/>` +
    `</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${scene.shapes.map((s) => shapeSvg(s, w, h)).join('')}</svg>`
  );
}

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

export interface RenderTarget {
  /** Output box. With `cover`, exactly this size (a centre crop); otherwise fits inside it. */
  width: number;
  height: number;
  cover: boolean;
  format: ImageFormat;
  quality: number;
}

/** Renders an SVG into the target box and format. */
export async function renderSvg(svg: string, target: RenderTarget): Promise<Buffer> {
  let img = sharp(Buffer.from(svg), { density: 72 }).resize({
    width: target.width,
    height: target.height,
    fit: target.cover ? 'cover' : 'inside',
    withoutEnlargement: !target.cover,
  });
  if (target.format === 'jpeg') img = img.jpeg({ quality: target.quality, mozjpeg: false });
  else if (target.format === 'webp') img = img.webp({ quality: target.quality });
  else if (target.format === 'gif') img = img.gif();
  else img = img.png({ compressionLevel: 6 });
  return img.toBuffer();
}

/** The default avatar and limit placeholders of s.pximg.net, drawn as shapes. */
export function placeholderSvg(kind: 'no_profile' | 'limit', size: number, tone: number): string {
  if (kind === 'no_profile') {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
      `<rect width="100" height="100" fill="#e4e7ee"/><circle cx="50" cy="38" r="18" fill="#b4bccb"/>` +
      `<path d="M14 100 Q14 64 50 64 Q86 64 86 100 Z" fill="#b4bccb"/></svg>`
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="hsl(${tone} 12% 86%)"/>` +
    `<rect x="34" y="46" width="32" height="26" rx="4" fill="hsl(${tone} 15% 55%)"/>` +
    `<path d="M40 46 V38 A10 10 0 0 1 60 38 V46" stroke="hsl(${tone} 15% 55%)" stroke-width="5" fill="none"/></svg>`
  );
}
