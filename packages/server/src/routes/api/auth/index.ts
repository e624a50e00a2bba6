/**
 * `/api/auth/*`: the login bridges (spec 001 §4, §5). The browser keeps the refresh token; the
 * server only checks it or trades a PKCE code for it, and never logs or stores either.
 *
 * - `POST /api/auth/token {refresh_token}`: 43 characters or `login.token_format`; then a
 *   refresh against pixiv, answering the account (`login.token_invalid` when refused).
 * - `GET /api/auth/login`: a PKCE pair (verifier 43–128 characters, kept by the browser 600 s)
 *   and pixiv's login URL for its challenge; on a sandbox deployment also `redirector_url`, the
 *   same login through the server's redirector (redirector.ts), else null. A visitor from
 *   another machine is never told a loopback upstream's address: `url` is then the redirector's.
 * - `POST /api/auth/code {code, code_verifier}`: the code grant; answers the refresh token and
 *   the account.
 * - `POST /api/auth/session {session}`: the session-cookie login (spec 001 §2.3, §5.1). The
 *   PHPSESSID must have pixiv's format (`login.session_format`, 'Session ID 格式不正确'); the www
 *   top page fetched with it must name a user (`login.session_invalid`, 'invalid session ID') and
 *   carry a CSRF token (`login.session_token`, 'access token format error'). Answers the current
 *   user and the token; the session itself stays in the browser and is never logged or kept.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  PKCE_VERIFIER_MAX,
  PKCE_VERIFIER_MIN,
  PHPSESSID_PATTERN,
  PixivError,
  createOAuthClient,
  createWebClient,
  loginUrl,
  pkcePair,
  readWebSession,
} from '@pv/pixiv';
import type { RawAuthTokenResponse, UpstreamHosts } from '@pv/core';
import { z } from 'zod';
import { REDIRECTOR_PATH, redirectorRoutes } from './redirector.ts';

/** pixiv refresh tokens are exactly 43 characters (spec 001 §5). */
export const REFRESH_TOKEN_LENGTH = 43;
/** How long the browser keeps a PKCE verifier (spec 001 §5). */
export const PKCE_VERIFIER_TTL_SECONDS = 600;

const TokenBody = z.object({ refresh_token: z.string() });
const CodeBody = z.object({ code: z.string().min(1).max(512), code_verifier: z.string() });
const SessionBody = z.object({ session: z.string().max(256) });

/**
 * The error bodies of the token login: an i18n key and the spec's message (spec 001 §5.1 for
 * the format, §5.4 for an absent token).
 */
const TOKEN_ERRORS = {
  missing: { error: 'login.token_format', message: 'refresh_token required' },
  format: { error: 'login.token_format', message: 'RefreshToken 格式不正确' },
} as const;

/** The error bodies of the session login: an i18n key and the spec's message. */
export const SESSION_ERRORS = {
  format: { error: 'login.session_format', message: 'Session ID 格式不正确' },
  invalid: { error: 'login.session_invalid', message: 'invalid session ID' },
  token: { error: 'login.session_token', message: 'access token format error' },
} as const;

function account(res: RawAuthTokenResponse) {
  const u = res.user;
  return {
    id: Number(u.id),
    name: u.name,
    account: u.account,
    profile_image: u.profile_image_urls?.px_170x170 ?? '',
    is_premium: u.is_premium,
    x_restrict: u.x_restrict,
  };
}

function failure(reply: FastifyReply, error: unknown) {
  if (error instanceof PixivError && error.kind === 'auth') {
    return reply.code(401).send({ error: 'login.token_invalid' });
  }
  if (error instanceof PixivError) return reply.code(502).send({ error: 'tip.unknown_err' });
  throw error;
}

/** A loopback host name or address: localhost, 127.0.0.0/8, ::1 (also IPv4-mapped). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '::1' ||
    /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
  );
}

export async function authRoutes(
  app: FastifyInstance,
  deps: {
    hosts: Pick<UpstreamHosts, 'oauth' | 'appApi' | 'www'>;
    timeoutMs?: number;
    /** Serve the login redirector (sandbox deployments only; see redirector.ts). */
    redirector?: boolean;
  },
): Promise<void> {
  const oauth = createOAuthClient({ oauthBase: deps.hosts.oauth, timeoutMs: deps.timeoutMs });
  if (deps.redirector) {
    await app.register(async (scope) =>
      redirectorRoutes(scope, { appApi: deps.hosts.appApi, timeoutMs: deps.timeoutMs }),
    );
  }

  app.post('/api/auth/token', async (req, reply) => {
    const body = TokenBody.safeParse(req.body);
    const token = body.success ? body.data.refresh_token.trim() : '';
    if (!token) return reply.code(400).send(TOKEN_ERRORS.missing);
    if (token.length !== REFRESH_TOKEN_LENGTH || !/^[\w-]+$/.test(token)) {
      return reply.code(400).send(TOKEN_ERRORS.format);
    }
    try {
      return { user: account(await oauth.refresh(token)) };
    } catch (error) {
      return failure(reply, error);
    }
  });

  app.get('/api/auth/login', async (req, reply) => {
    const { verifier, challenge } = pkcePair();
    reply.header('cache-control', 'no-store');
    const upstream = loginUrl(deps.hosts.appApi, challenge);
    const redirectorUrl = deps.redirector ? `${REDIRECTOR_PATH}${new URL(upstream).search}` : null;
    // An upstream on this machine's loopback (the sandbox `npm start` embeds, on a random port)
    // means nothing to a visitor on another machine, and names an internal address: such a
    // visitor is sent through the redirector instead (issue 34).
    const hidden =
      redirectorUrl !== null &&
      isLoopbackHost(new URL(upstream).hostname) &&
      !isLoopbackHost(req.ip);
    return {
      url: hidden ? redirectorUrl : upstream,
      code_verifier: verifier,
      expires_in: PKCE_VERIFIER_TTL_SECONDS,
      redirector_url: redirectorUrl,
    };
  });

  app.post('/api/auth/code', async (req, reply) => {
    const body = CodeBody.safeParse(req.body);
    if (
      !body.success ||
      body.data.code_verifier.length < PKCE_VERIFIER_MIN ||
      body.data.code_verifier.length > PKCE_VERIFIER_MAX
    ) {
      return reply.code(400).send({ error: 'login.code_invalid' });
    }
    try {
      const res = await oauth.exchangeCode({
        code: body.data.code,
        codeVerifier: body.data.code_verifier,
      });
      reply.header('cache-control', 'no-store');
      return { refresh_token: res.refresh_token, user: account(res) };
    } catch (error) {
      if (error instanceof PixivError && error.kind === 'auth') {
        return reply.code(401).send({ error: 'login.code_invalid' });
      }
      return failure(reply, error);
    }
  });

  app.post('/api/auth/session', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const body = SessionBody.safeParse(req.body);
    const session = body.success ? body.data.session.trim() : '';
    if (!PHPSESSID_PATTERN.test(session)) return reply.code(400).send(SESSION_ERRORS.format);
    const web = createWebClient({
      hosts: { www: deps.hosts.www },
      session: { phpsessid: session },
      timeoutMs: deps.timeoutMs,
    });
    try {
      const read = await readWebSession(web, session);
      if (read.kind === 'unavailable') return reply.code(502).send({ error: 'tip.unknown_err' });
      if (read.kind === 'invalid') return reply.code(401).send(SESSION_ERRORS.invalid);
      if (read.kind === 'no_token') return reply.code(502).send(SESSION_ERRORS.token);
      const { user, token } = read;
      return {
        user: {
          id: Number(user.id),
          pixivId: user.pixivId,
          name: user.name,
          profileImg: user.profileImg,
          profileImgBig: user.profileImgBig,
          premium: user.premium,
          xRestrict: user.xRestrict,
        },
        csrf_token: token,
      };
    } catch (error) {
      return failure(reply, error);
    }
  });
}
