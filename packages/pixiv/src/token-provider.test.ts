import { describe, expect, it } from 'vitest';
import type { RawAuthTokenResponse } from '@pv/core';
import type { OAuthClient } from './oauth.ts';
import { createOAuthClient } from './oauth.ts';
import { createRefreshTokenProvider } from './token-provider.ts';
import { startTestServer, tokenJson } from './test-server.ts';

describe('refresh-token provider', () => {
  it('refreshes once for concurrent callers and reuses the token for 1800 s', async () => {
    let n = 0;
    const server = await startTestServer(() => ({ json: tokenJson(`AT${++n}`) }));
    try {
      let clock = 0;
      const provider = createRefreshTokenProvider({
        oauth: createOAuthClient({ oauthBase: server.base }),
        refreshToken: 'RT',
        now: () => clock,
      });
      const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => provider.getAccessToken()));
      expect(new Set(tokens)).toEqual(new Set(['AT1']));
      expect(server.requests).toHaveLength(1);
      expect(provider.userId()).toBe('123');
      clock = 1_799_999;
      expect(await provider.getAccessToken()).toBe('AT1');
      clock = 1_800_000;
      expect(await provider.getAccessToken()).toBe('AT2');
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('expires earlier when upstream’s expires_in is shorter', async () => {
    let clock = 0;
    let n = 0;
    const oauth: OAuthClient = {
      refresh: async () => tokenJson(`AT${++n}`, 60) as unknown as RawAuthTokenResponse,
      exchangeCode: async () => {
        throw new Error('unused');
      },
    };
    const provider = createRefreshTokenProvider({ oauth, refreshToken: 'RT', now: () => clock });
    expect(await provider.getAccessToken()).toBe('AT1');
    clock = 59_999;
    expect(await provider.getAccessToken()).toBe('AT1');
    clock = 60_000;
    expect(await provider.getAccessToken()).toBe('AT2');
  });

  it('does not remember a failed refresh, and invalidate forces a new one', async () => {
    let n = 0;
    const server = await startTestServer(() =>
      ++n === 1
        ? { status: 400, json: { has_error: true, error: 'invalid_grant' } }
        : { json: tokenJson(`AT${n}`) },
    );
    try {
      const provider = createRefreshTokenProvider({
        oauth: createOAuthClient({ oauthBase: server.base }),
        refreshToken: 'RT',
      });
      await expect(provider.getAccessToken()).rejects.toMatchObject({ kind: 'auth' });
      expect(await provider.getAccessToken()).toBe('AT2');
      provider.invalidate();
      expect(await provider.getAccessToken()).toBe('AT3');
    } finally {
      await server.close();
    }
  });
});
