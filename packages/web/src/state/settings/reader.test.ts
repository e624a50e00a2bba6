import { describe, expect, it } from 'vitest';
import { DEFAULT_READER, READER_BOUNDS, READER_PRESETS, parseReader } from './reader.ts';
import { clampStep } from './validate.ts';

describe('novel reader config (spec 001 §5.2, §9)', () => {
  it('defaults: size 16, line height 2, weight 400, sans-serif, horizontal, theme colours', () => {
    expect(parseReader({})).toEqual(DEFAULT_READER);
    expect(DEFAULT_READER).toEqual({
      size: 16,
      height: 2,
      weight: 400,
      font: 'sans-serif',
      direction: 'h',
      color: '',
      bg: '',
    });
  });

  it('clamp size to 12–36 in whole steps', () => {
    expect(parseReader({ size: 11 }).size).toBe(12);
    expect(parseReader({ size: 12 }).size).toBe(12);
    expect(parseReader({ size: 36 }).size).toBe(36);
    expect(parseReader({ size: 37 }).size).toBe(36);
    expect(parseReader({ size: 20.4 }).size).toBe(20);
    expect(parseReader({ size: 'big' }).size).toBe(16);
  });

  it('clamp line height to 1–5 in 0.1 steps', () => {
    expect(parseReader({ height: 0.5 }).height).toBe(1);
    expect(parseReader({ height: 5.5 }).height).toBe(5);
    expect(parseReader({ height: 2.34 }).height).toBe(2.3);
    expect(parseReader({ height: 1.25 + 1e-9 }).height).toBe(1.3);
    expect(parseReader({ height: Number.NaN }).height).toBe(2);
  });

  it('clamp weight to 100–900 in steps of 100', () => {
    expect(parseReader({ weight: 50 }).weight).toBe(100);
    expect(parseReader({ weight: 1000 }).weight).toBe(900);
    expect(parseReader({ weight: 449 }).weight).toBe(400);
    expect(parseReader({ weight: 451 }).weight).toBe(500);
    expect(parseReader({ weight: '700' }).weight).toBe(700);
  });

  it('accept the three fonts, two directions, #rrggbb colours, and five presets', () => {
    expect(parseReader({ font: 'serif', direction: 'v' })).toMatchObject({
      font: 'serif',
      direction: 'v',
    });
    expect(parseReader({ font: 'x"; } body { color: red', direction: 'x' })).toMatchObject({
      font: 'sans-serif',
      direction: 'h',
    });
    // the fonts the preferences offer are kept by name; nothing that leaves a CSS string is
    expect(parseReader({ font: 'Noto Serif CJK JP' }).font).toBe('Noto Serif CJK JP');
    for (const bad of ['', ' ', 'a'.repeat(101), 'a;b', 'a<b', "a'b", 'a\\b', 7])
      expect(parseReader({ font: bad }).font).toBe('sans-serif');
    expect(parseReader({ bg: '#F6F1E7', color: 'red' })).toMatchObject({
      bg: '#f6f1e7',
      color: '',
    });
    expect(READER_PRESETS).toHaveLength(5);
    for (const p of READER_PRESETS)
      expect(parseReader(p)).toMatchObject({ bg: p.bg, color: p.color });
  });

  it('clampStep rounds to the step from the minimum', () => {
    expect(clampStep(3.06, READER_BOUNDS.height)).toBe(3.1);
    expect(clampStep(undefined, READER_BOUNDS.size)).toBe(16);
  });
});
