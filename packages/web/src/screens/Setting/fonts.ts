/**
 * The page fonts offered (spec 001 §9: about 40, plus the local fonts where the Local Font
 * Access API exists). Families common on Windows, macOS, Android and Linux, and the CJK ones the
 * original's users pick; a font the device lacks falls back to the default stack.
 */
export const PAGE_FONTS = [
  'Arial',
  'Helvetica',
  'Verdana',
  'Tahoma',
  'Trebuchet MS',
  'Segoe UI',
  'Roboto',
  'Open Sans',
  'Lato',
  'Noto Sans',
  'Noto Serif',
  'Source Sans Pro',
  'Ubuntu',
  'Cantarell',
  'DejaVu Sans',
  'Georgia',
  'Times New Roman',
  'Palatino Linotype',
  'Garamond',
  'Courier New',
  'Consolas',
  'Menlo',
  'Comic Sans MS',
  'Noto Sans CJK JP',
  'Noto Sans CJK SC',
  'Noto Sans CJK TC',
  'Noto Sans CJK KR',
  'Noto Serif CJK JP',
  'Noto Serif CJK SC',
  'Hiragino Sans',
  'Hiragino Mincho ProN',
  'Yu Gothic',
  'Yu Mincho',
  'Meiryo',
  'MS Gothic',
  'Microsoft YaHei',
  'Microsoft JhengHei',
  'PingFang SC',
  'PingFang TC',
  'SimSun',
  'SimHei',
  'KaiTi',
  'Malgun Gothic',
  'Apple SD Gothic Neo',
] as const;

interface LocalFont {
  family: string;
}

/** Whether this browser can list the device's fonts (Chromium's Local Font Access API). */
export function canListLocalFonts(): boolean {
  return typeof window !== 'undefined' && 'queryLocalFonts' in window;
}

/** The device's font families, each once and sorted; empty when refused or unsupported. */
export async function listLocalFonts(): Promise<string[]> {
  if (!canListLocalFonts()) return [];
  try {
    const fonts = await (
      window as unknown as { queryLocalFonts: () => Promise<LocalFont[]> }
    ).queryLocalFonts();
    return [...new Set(fonts.map((f) => f.family))].sort((a, b) => a.localeCompare(b));
  } catch {
    return [];
  }
}
