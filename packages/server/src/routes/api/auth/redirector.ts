/**
 * The login redirector of a sandbox deployment (spec 001 §2.3, 'redirector (OAuth) login').
 * pixiv, and the sandbox like it, ends the PKCE login at `pixiv://account/login?code=…&via=login`,
 * an address no web page can receive; the redirector is what forwards that code to the app's
 * `/account/oauth?code=…`. Here the server is the redirector: it serves a sign-in page of its own
 * making at {@link REDIRECTOR_PATH} (upstream's HTML is never relayed: issue 20; the form posts
 * back to the same path), forwards the sign-in to the configured app-API host, and answers the
 * `pixiv://` redirect with one to `/account/oauth?code=…`.
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

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** The refused sign-in's message: the sandbox's words, fixed here (never upstream's HTML). */
export const SIGN_IN_REFUSED = 'The pixiv ID or password is incorrect.';

/** Where the sign-in page's stylesheet is served (the CSP allows no inline style). */
export const REDIRECTOR_CSS_PATH = '/api/auth/redirector/login.css';

const LOGIN_CSS = `body{font-family:system-ui,sans-serif;max-width:360px;margin:60px auto;padding:0 16px}
label{display:block;margin:12px 0 4px}input{width:100%;padding:8px;box-sizing:border-box}
button{margin-top:16px;padding:10px;width:100%;background:#0096fa;color:#fff;border:0;border-radius:6px}
.error{color:#d00}`;

/**
 * The sign-in page, made here from fixed text: upstream's page is never relayed, so nothing an
 * upstream writes reaches our origin as HTML. Its form posts back to {@link REDIRECTOR_PATH}.
 */
export function signInPage(challenge: string, error = ''): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Login | pixiv (sandbox)</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="stylesheet" href="${REDIRECTOR_CSS_PATH}"></head>
<body><h1>pixiv</h1><p>Sandbox sign-in. Demo accounts are listed in the sandbox README.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="login">
<input type="hidden" name="code_challenge" value="${escapeHtml(challenge)}">
<label for="account">pixiv ID</label><input id="account" name="account" autocomplete="username">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit">Log in</button></form></body></html>`;
}

function servePage(reply: FastifyReply, challenge: string, error = ''): FastifyReply {
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(signInPage(challenge, error));
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
    return servePage(reply, query.data.code_challenge);
  });

  app.get(REDIRECTOR_CSS_PATH, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css').send(LOGIN_CSS),
  );

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
    await res.body?.cancel();
    // A refused sign-in: the login page again, with its message.
    if (res.status === 200) return servePage(reply, form.data.code_challenge, SIGN_IN_REFUSED);
    return reply.code(502).send({ error: 'tip.unknown_err' });
  });
}
