import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it('uses binary units with one decimal', () => {
    expect(formatBytes(0)).toBe('0.0 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(1023 * 1024)).toBe('1,023.0 KiB');
    expect(formatBytes(1024 * 1024)).toBe('1.0 MiB');
    expect(formatBytes(5.25 * 1024 ** 3)).toBe('5.3 GiB');
  });

  it('writes the number the UI language’s way', () => {
    expect(formatBytes(1536, 'de')).toBe('1,5 KiB');
  });
});
