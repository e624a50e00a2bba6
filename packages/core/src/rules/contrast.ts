/**
 * WCAG 2.2 colour maths for the theme tokens: any accent the user picks must stay readable.
 * Luminance and contrast follow WCAG's definitions (sRGB, 1:1 to 21:1). Colours are '#rrggbb'.
 */

/** WCAG AA for body text. */
export const AA_TEXT = 4.5;

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function format([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour for a label on a filled accent, derived from its luminance: white when it reaches
 * AA, else the page's near-black ink, else pure black (which reaches at least 4.58:1 on any colour
 * that white does not).
 */
export function textOnAccent(accent: string): string {
  const white = contrast(accent, '#ffffff');
  if (white >= AA_TEXT) return '#ffffff';
  if (contrast(accent, INK) >= AA_TEXT) return INK;
  return contrast(accent, '#000000') > white ? '#000000' : '#ffffff';
}
const INK = '#111317';

/**
 * The accent as a text colour on the given backgrounds: the accent itself when it already reaches
 * `min` against each of them, otherwise the accent mixed towards black (light pages) or white
 * (dark pages) by the smallest step that does, so that the hue stays recognisable.
 */
export function accentInk(accent: string, backgrounds: string[], min = AA_TEXT): string {
  const base = parse(accent);
  const darkPage = backgrounds.every((bg) => luminance(bg) < 0.18);
  const target: Rgb = darkPage ? [255, 255, 255] : [0, 0, 0];
  for (let step = 0; step <= 100; step += 2) {
    const t = step / 100;
    const mixed = format(base.map((c, i) => c + (target[i]! - c) * t) as Rgb);
    if (backgrounds.every((bg) => contrast(mixed, bg) >= min)) return mixed;
  }
  return format(target);
}

/** The page colours the accent ink is checked against (styles/tokens.css: --bg and --surface). */
export const PAGE_COLOURS = {
  light: ['#f5f6f8', '#ffffff'],
  dark: ['#111317', '#1b1e24'],
} as const;

/** The accent-derived tokens ThemeSync writes onto the document. */
export function accentTokens(accent: string) {
  return {
    '--accent-contrast': textOnAccent(accent),
    '--accent-ink-light': accentInk(accent, [...PAGE_COLOURS.light]),
    '--accent-ink-dark': accentInk(accent, [...PAGE_COLOURS.dark]),
  };
}
