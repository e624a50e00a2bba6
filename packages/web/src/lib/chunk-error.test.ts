import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, mayAutoReload } from './chunk-error.ts';

describe('isChunkLoadError', () => {
  it('knows the wording of Chromium, Firefox and Safari', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/RankScreen-abc.js',
      'error loading dynamically imported module: http://x/assets/a.js',
      'Importing a module script failed.',
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors to the error screen', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('mayAutoReload', () => {
  it('reloads the first time, and not again within the window', () => {
    const now = 1_000_000;
    expect(mayAutoReload(null, now)).toBe(true);
    expect(mayAutoReload(now - 1000, now)).toBe(false);
    expect(mayAutoReload(now - CHUNK_RELOAD_WINDOW_MS, now)).toBe(true);
    // a clock that went backwards does not block the reload for ever
    expect(mayAutoReload(now + 5000, now)).toBe(true);
  });
});
