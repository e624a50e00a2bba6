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

/** An SVG of the work's picture at its natural size. */
export function artSvg(spec: ArtSpec): string {
  const r = Rng.of(spec.seed, spec.key);
  const { width: w, height: h } = spec;
  const hue = r.int(0, 359);
  const hue2 = (hue + r.int(40, 160)) % 360;
  const light = r.int(35, 75);
  const drift = spec.frame ?? 0;
  const shapes: string[] = [];
  // A horizon: hills or waves across the lower part.
  const baseY = h * (0.55 + r.next() * 0.25);
  let d = `M0 ${h} L0 ${baseY.toFixed(1)}`;
  const steps = r.int(3, 7);
  for (let i = 1; i <= steps; i++) {
    const x = (w * i) / steps;
    const y = baseY + (r.next() - 0.5) * h * 0.25;
    d += ` Q${(x - w / steps / 2).toFixed(1)} ${(y - h * 0.12).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)}`;
  }
  d += ` L${w} ${h} Z`;
  shapes.push(
    `<path d="${d}" fill="hsl(${hue2} 45% ${Math.max(15, light - 25)}%)" opacity="0.85"/>`,
  );
  const count = r.int(6, 14);
  for (let i = 0; i < count; i++) {
    const x = r.next() * w + Math.sin(drift / 3 + i) * w * 0.03 * (drift ? 1 : 0);
    const y = r.next() * h * 0.9 + Math.cos(drift / 3 + i) * h * 0.03 * (drift ? 1 : 0);
    const size = (0.04 + r.next() * 0.22) * Math.min(w, h);
    const colour = `hsl(${(hue + r.int(-40, 200)) % 360} ${r.int(45, 90)}% ${r.int(45, 85)}%)`;
    const opacity = (0.35 + r.next() * 0.55).toFixed(2);
    const shape = r.int(0, 2);
    if (shape === 0) {
      shapes.push(
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}" fill="${colour}" opacity="${opacity}"/>`,
      );
    } else if (shape === 1) {
      const rot = r.int(0, 89);
      shapes.push(
        `<rect x="${(x - size).toFixed(1)}" y="${(y - size / 2).toFixed(1)}" width="${(size * 2).toFixed(1)}" height="${size.toFixed(1)}" rx="${(size / 4).toFixed(1)}" fill="${colour}" opacity="${opacity}" transform="rotate(${rot} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
      );
    } else {
      const pts = [0, 1, 2]
        .map((k) => {
          const a = (k * 2 * Math.PI) / 3 + r.next();
          return `${(x + Math.cos(a) * size).toFixed(1)},${(y + Math.sin(a) * size).toFixed(1)}`;
        })
        .join(' ');
      shapes.push(`<polygon points="${pts}" fill="${colour}" opacity="${opacity}"/>`);
    }
  }
  // A sun or moon.
  const sunR = Math.min(w, h) * (0.06 + r.next() * 0.08);
  shapes.push(
    `<circle cx="${(w * (0.15 + r.next() * 0.7)).toFixed(1)}" cy="${(h * (0.12 + r.next() * 0.25)).toFixed(1)}" r="${sunR.toFixed(1)}" fill="hsl(${(hue + 180) % 360} 90% 88%)"/>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 70% ${light}%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2} 60% ${Math.min(92, light + 15)}%)"/>` +
    `</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${shapes.join('')}</svg>`
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
