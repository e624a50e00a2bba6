import { describe, expect, it } from 'vitest';
import { readEnv, refreshTokens } from './config.ts';

describe('configuration', () => {
  it('has the README’s defaults', () => {
    const env = readEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.HOST).toBe('localhost');
    expect(env.SANDBOX_SEED).toBe(20070913);
    expect(env.WEB_DIST).toMatch(/packages\/web\/dist\/?$/);
  });

  it('names the bad variable', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readEnv({ IMAGE_PROXY: 'ftp://x' })).toThrow(/IMAGE_PROXY/);
  });

  it('splits the refresh-token pool', () => {
    expect(refreshTokens({ PIXIV_REFRESH_TOKEN: ' a, b ,,c' })).toEqual(['a', 'b', 'c']);
    expect(refreshTokens({})).toEqual([]);
  });
});
