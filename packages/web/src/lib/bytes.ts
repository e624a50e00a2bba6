/**
 * Sizes in binary units with one decimal (spec 001 §2.5): 1536 bytes is '1.5 KiB'. Kibibytes are
 * the smallest unit shown, so a few bytes read '0.1 KiB' rather than a bare byte count.
 */
const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

export function formatBytes(bytes: number, language = 'en'): string {
  let value = Math.max(0, bytes) / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
  return `${number} ${UNITS[unit]}`;
}
