/**
 * The reader's config as CSS custom properties for the text (spec 001 §3 novel text config):
 * size in px, unitless line height, weight, font family, text and background colours ('' follows
 * the theme). Values come validated from `parseReader`, so they are safe in a style.
 */
import type { CSSProperties } from 'react';
import type { ReaderConfig } from '../../state/settings/reader.ts';

/** The CSS family of a reader font: the generic families, the page's font, or a named font. */
export function readerFontFamily(font: string): string {
  if (font === 'sans-serif') return "'Noto Sans CJK JP', 'Noto Sans', sans-serif";
  if (font === 'serif') return "'Noto Serif CJK JP', 'Noto Serif', serif";
  if (font === 'inherit') return 'var(--page-font, var(--font))';
  return `"${font}", var(--font)`;
}

export function readerStyle(reader: ReaderConfig): CSSProperties {
  return {
    '--reader-size': `${reader.size}px`,
    '--reader-height': String(reader.height),
    '--reader-weight': String(reader.weight),
    '--reader-font': readerFontFamily(reader.font),
    ...(reader.color ? { '--reader-color': reader.color } : {}),
    ...(reader.bg ? { '--reader-bg': reader.bg } : {}),
  } as CSSProperties;
}
