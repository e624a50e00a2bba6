/** Field validators of the settings: each reads one stored value or gives the field's default. */

export type Raw = Partial<Record<string, unknown>>;

export const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
export const oneOf = <T extends string>(v: unknown, allowed: readonly T[], d: T): T =>
  typeof v === 'string' && (allowed as readonly string[]).includes(v) ? (v as T) : d;
export const colour = (v: unknown, d: string, allowEmpty: boolean): string =>
  typeof v === 'string' && (/^#[0-9a-f]{6}$/i.test(v) || (allowEmpty && v === ''))
    ? v.toLowerCase()
    : d;

/** A number clamped into [min, max] and rounded to the step; not a number gives the default. */
export function clampStep(
  v: unknown,
  bounds: { min: number; max: number; step: number; default: number },
): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) return bounds.default;
  const clamped = Math.min(bounds.max, Math.max(bounds.min, n));
  const steps = Math.round((clamped - bounds.min) / bounds.step);
  // Rounded to the step's decimals so that 0.1 steps do not drift (2.3000000000000003).
  const decimals = (String(bounds.step).split('.')[1] ?? '').length;
  return Number((bounds.min + steps * bounds.step).toFixed(decimals));
}
