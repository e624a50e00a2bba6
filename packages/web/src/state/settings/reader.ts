/**
 * The novel reader's text config (spec 001 §3, §5.2, §9): size 12–36 (default 16), line height
 * 1–5 in 0.1 steps (default 2), weight 100–900 in steps of 100 (default 400), font, direction and
 * colours, with five colour presets. Out-of-range values are clamped on read.
 */
import { clampStep, colour, type Raw } from './validate.ts';

/** Reader bounds (spec 001 §5.2, §9). */
export const READER_BOUNDS = {
  size: { min: 12, max: 36, step: 1, default: 16 },
  height: { min: 1, max: 5, step: 0.1, default: 2 },
  weight: { min: 100, max: 900, step: 100, default: 400 },
} as const;
export const READER_FONTS = ['sans-serif', 'serif', 'inherit'] as const;

/**
 * A font the reader may name besides the three generic ones (the fonts the preferences offer):
 * a family name of at most 100 characters with nothing that could leave a CSS string.
 */
export function isReaderFontName(font: unknown): font is string {
  return (
    typeof font === 'string' &&
    font.trim().length > 0 &&
    font.length <= 100 &&
    !/[;{}<>"'\\\n]/.test(font)
  );
}

/** The five reader colour presets: a background with its text colour ('' follows the theme). */
export const READER_PRESETS: readonly { name: string; bg: string; color: string }[] = [
  { name: 'default', bg: '', color: '' },
  { name: 'paper', bg: '#f6f1e7', color: '#3b3530' },
  { name: 'green', bg: '#cfe8d0', color: '#233323' },
  { name: 'dusk', bg: '#2b2b35', color: '#c9c9d3' },
  { name: 'night', bg: '#000000', color: '#8d8d8d' },
];

export interface ReaderConfig {
  size: number;
  height: number;
  weight: number;
  /** One of READER_FONTS or a font family name (see isReaderFontName). */
  font: string;
  direction: 'h' | 'v';
  /** Text colour, #rrggbb or '' to follow the theme. */
  color: string;
  /** Background, #rrggbb or '' to follow the theme. */
  bg: string;
}

export const DEFAULT_READER: Readonly<ReaderConfig> = Object.freeze({
  size: READER_BOUNDS.size.default,
  height: READER_BOUNDS.height.default,
  weight: READER_BOUNDS.weight.default,
  font: 'sans-serif',
  direction: 'h',
  color: '',
  bg: '',
});

export function parseReader(raw: Raw): ReaderConfig {
  const d = DEFAULT_READER;
  return {
    size: clampStep(raw.size, READER_BOUNDS.size),
    height: clampStep(raw.height, READER_BOUNDS.height),
    weight: clampStep(raw.weight, READER_BOUNDS.weight),
    font: isReaderFontName(raw.font) ? raw.font : d.font,
    direction: raw.direction === 'v' ? 'v' : 'h',
    color: colour(raw.color, d.color, true),
    bg: colour(raw.bg, d.bg, true),
  };
}
