/** Shared by the sandbox's tests: a fixed clock and a token for the demo account. */
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from './accounts.ts';

/** 2026-11-20 15:00 JST: after the day's ranking publication, so 2026-11-19 is the latest. */
export const TEST_NOW = Date.parse('2026-11-20T15:00:00+09:00');

export async function demoAccessToken(app: FastifyInstance, index = 0): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth.secure.pixiv.net/auth/token',
    payload: new URLSearchParams({
      client_id: 'id',
      client_secret: 'secret',
      grant_type: 'refresh_token',
      refresh_token: DEMO_ACCOUNTS[index]!.refreshToken,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return (res.json() as { access_token: string }).access_token;
}
