/**
 * The PKCE login (pixiv-upstream.md §2): `GET /web/v1/login?code_challenge=&code_challenge_method=S256
 * &client=pixiv-android` shows a sign-in page; a sandbox account that signs in is sent to
 * `pixiv://account/login?code=…&via=login` with a one-use code that expires in 60 s, which
 * `POST /auth/token` (grant_type=authorization_code) redeems with the code verifier.
 */
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import type { SandboxState } from '../../state.ts';

const esc = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

function page(challenge: string, error = ''): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Login | pixiv (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;max-width:360px;margin:60px auto;padding:0 16px}label{display:block;margin:12px 0 4px}input,select{width:100%;padding:8px;box-sizing:border-box}button{margin-top:16px;padding:10px;width:100%;background:#0096fa;color:#fff;border:0;border-radius:6px}.error{color:#d00}</style></head>
<body><h1>pixiv</h1><p>Sandbox sign-in. Demo accounts are listed in the sandbox README.</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="login">
<input type="hidden" name="code_challenge" value="${esc(challenge)}">
<label for="account">pixiv ID</label><input id="account" name="account" autocomplete="username">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit">Log in</button></form></body></html>`;
}

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function registerLogin(app: FastifyInstance, state: SandboxState): void {
  app.get('/web/v1/login', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    if (
      !q.code_challenge ||
      !CHALLENGE.test(q.code_challenge) ||
      q.code_challenge_method !== 'S256'
    ) {
      return reply
        .code(400)
        .type('text/html')
        .send('<p>invalid_request: code_challenge (S256) required</p>');
    }
    return reply.type('text/html; charset=utf-8').send(page(q.code_challenge));
  });

  app.post('/web/v1/login', async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, string | undefined>;
    const challenge = form.code_challenge ?? '';
    if (!CHALLENGE.test(challenge))
      return reply.code(400).type('text/html').send('<p>invalid_request</p>');
    const account = DEMO_ACCOUNTS.find(
      (a) => a.account === form.account?.trim() && a.password === form.password,
    );
    if (!account) {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send(page(challenge, 'The pixiv ID or password is incorrect.'));
    }
    const code = state.tokens.issueCode(account, challenge);
    return reply.redirect(`pixiv://account/login?code=${encodeURIComponent(code)}&via=login`, 302);
  });
}
