/**
 * The long ugoira (`LONG_UGOIRA_ID` in data/dataset.ts): 150 frames of 600×600 that the export
 * bench and the ≥100-frame GIF test use. Each frame is a different picture — a three-stop
 * gradient whose hues turn with the frame, twelve circles of their own hues orbiting and
 * breathing, a turning square with a radial gradient and a sweeping band — so a GIF's palette
 * per frame and its colour error mean something. Pure function of the frame number.
 */
import type { UgoiraFrame } from './ugoira-zip.ts';

export const LONG_UGOIRA_FRAMES = 150;
export const LONG_UGOIRA_SIZE = 600;

/** Delays of 60 ms, every tenth frame 120 ms (an even one: a GIF keeps it, its delay doubled). */
export function longUgoiraFrames(): UgoiraFrame[] {
  return Array.from({ length: LONG_UGOIRA_FRAMES }, (_, k) => ({
    file: `${String(k).padStart(6, '0')}.jpg`,
    delay: k % 10 === 8 ? 120 : 60,
  }));
}

const f1 = (n: number) => n.toFixed(1);

/** Frame `k` as an SVG of 600×600. */
export function longUgoiraSvg(k: number): string {
  const s = LONG_UGOIRA_SIZE;
  const c = s / 2;
  const t = k / LONG_UGOIRA_FRAMES;
  const hue = Math.round(t * 360);
  const h = (offset: number) => (hue + offset) % 360;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="hsl(${h(0)} 80% 55%)"/>`,
    `<stop offset="0.5" stop-color="hsl(${h(120)} 70% 40%)"/>`,
    `<stop offset="1" stop-color="hsl(${h(240)} 85% 62%)"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="#ffffff"/>`,
    `<stop offset="1" stop-color="hsl(${h(60)} 95% 45%)"/></radialGradient></defs>`,
    `<rect width="${s}" height="${s}" fill="url(#bg)"/>`,
  ];
  const bandY = ((k * 7) % s) - 40;
  parts.push(
    `<rect x="0" y="${bandY}" width="${s}" height="80" fill="hsl(${h(180)} 60% 80%)" opacity="0.45"/>`,
  );
  for (let i = 0; i < 12; i++) {
    const a = 2 * Math.PI * (i / 12 + t);
    const orbit = 150 + 80 * Math.sin(2 * Math.PI * (t * 2 + i / 6));
    const r = 28 + 18 * Math.sin(2 * Math.PI * (t * 3 + i / 12));
    parts.push(
      `<circle cx="${f1(c + Math.cos(a) * orbit)}" cy="${f1(c + Math.sin(a) * orbit)}" r="${f1(r)}" ` +
        `fill="hsl(${(i * 30 + hue * 2) % 360} 75% ${45 + (i % 3) * 12}%)" opacity="0.8"/>`,
    );
  }
  parts.push(
    `<rect x="${c - 90}" y="${c - 90}" width="180" height="180" rx="24" fill="url(#glow)" ` +
      `opacity="0.75" transform="rotate(${f1(t * 360)} ${c} ${c})"/>`,
    '</svg>',
  );
  return parts.join('');
}
