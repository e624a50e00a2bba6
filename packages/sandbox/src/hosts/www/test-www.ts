/** Test support for the www host: a demo account's session cookie and GETs of ajax envelopes. */
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../../accounts.ts';

/** The `Cookie` header of an account's www session (the demo account by default). */
export const session = (account = DEMO_ACCOUNTS[0]!) => ({
  cookie: `PHPSESSID=${account.phpsessid}`,
});

/** GET on www.pixiv.net of this app: the status and pixiv's `{error, message, body}`. */
export function wwwGet(app: FastifyInstance) {
  return async function get<T = Record<string, unknown>>(
    url: string,
    headers: Record<string, string> = {},
  ) {
    const res = await app.inject({ url: `/www.pixiv.net${url}`, headers });
    return {
      status: res.statusCode,
      json: res.json() as { error: boolean; message: string; body: T },
    };
  };
}
