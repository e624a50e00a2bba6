/**
 * The login redirector of a sandbox deployment (spec 001 §2.3, 'redirector (OAuth) login').
 * pixiv, and the sandbox like it, ends the PKCE login at `pixiv://account/login?code=…&via=login`,
 * an address no web page can receive; the redirector is what forwards that code to the app's
 * `/account/oauth?code=…`. Here the server is the redirector: it serves the sandbox's login page
 * at {@link REDIRECTOR_PATH} (the page's form posts back to the same path), forwards the sign-in
 * to the configured app-API host, and answers the `pixiv://` redirect with one to
 * `/account/oauth?code=…`.
 *
 * Only registered when the upstream is the sandbox: a real pixiv password never passes through
 * this server (against pixiv the app refuses the redirector login and takes a pasted code). Only
 * the one login path of the configured host is fetched (no proxy for anything else), the form's
 * fields are checked, and neither the password nor the code is logged.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

/** Where the server serves the sandbox login page and takes its form. */
export const REDIRECTOR_PATH = '/api/auth/redirector/login';
/** Where the redirector sends the code: the app's OAuth callback (spec 001 §2.1). */
export const OAUTH_CALLBACK_PATH = '/account/oauth';

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const LoginQuery = z.object({
  code_challenge: z.string().regex(CHALLENGE),
  code_challenge_method: z.literal('S256'),
  client: z.string().max(32).optional(),
});
const LoginForm = z.object({
  code_challenge: z.string().regex(CHALLENGE),
  account: z.string().max(256),
  password: z.string().max(256),
});

/** The code of a `pixiv://account/login?code=…` address, or null for anything else. */
export function codeFromAppRedirect(location: string | null): string | null {
  if (!location) return null;
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return null;
  }
  if (url.protocol !== 'pixiv:' || url.host !== 'account' || url.pathname !== '/login') return null;
  const code = url.searchParams.get('code');
  return code && /^[\w.~-]{1,512}$/.test(code) ? code : null;
}

async function relayPage(reply: FastifyReply, res: Response): Promise<FastifyReply> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/html')) return reply.code(502).send({ error: 'tip.unknown_err' });
  return reply
    .code(res.status >= 500 ? 502 : res.status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(await res.text());
}

export async function redirectorRoutes(
  app: FastifyInstance,
  deps: { appApi: string; timeoutMs?: number },
): Promise<void> {
  const target = `${deps.appApi.replace(/\/$/, '')}/web/v1/login`;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(REDIRECTOR_PATH, async (req, reply) => {
    const query = LoginQuery.safeParse(req.query);
    if (!query.success) return reply.code(400).send({ error: 'login.code_invalid' });
    const params = new URLSearchParams({
      code_challenge: query.data.code_challenge,
      code_challenge_method: 'S256',
      client: query.data.client ?? 'pixiv-android',
    });
    try {
      const res = await fetch(`${target}?${params.toString()}`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      return await relayPage(reply, res);
    } catch {
      return reply.code(502).send({ error: 'tip.unknown_err' });
    }
  });

  app.post(REDIRECTOR_PATH, async (req, reply) => {
    const form = LoginForm.safeParse(req.body);
    if (!form.success) return reply.code(400).send({ error: 'login.code_invalid' });
    let res: Response;
    try {
      res = await fetch(target, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form.data).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return reply.code(502).send({ error: 'tip.unknown_err' });
    }
    if (res.status >= 300 && res.status < 400) {
      const code = codeFromAppRedirect(res.headers.get('location'));
      if (!code) return reply.code(502).send({ error: 'tip.unknown_err' });
      reply.header('cache-control', 'no-store');
      return reply.redirect(`${OAUTH_CALLBACK_PATH}?code=${encodeURIComponent(code)}`, 302);
    }
    // A refused sign-in: the login page again, with its message.
    return relayPage(reply, res);
  });
}
