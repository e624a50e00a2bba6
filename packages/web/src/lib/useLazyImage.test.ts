import { describe, expect, it } from 'vitest';
import { lazyRootMargin } from './useLazyImage.ts';

describe('lazyRootMargin', () => {
  it('is the spec margins (0 50 50 0 px) with 0.3 viewport heights more below', () => {
    expect(lazyRootMargin(1000)).toBe('0px 50px 350px 0px');
    expect(lazyRootMargin(844)).toBe('0px 50px 303px 0px');
  });
  it('keeps the spec margins for an empty viewport', () => {
    expect(lazyRootMargin(0)).toBe('0px 50px 50px 0px');
  });
});
