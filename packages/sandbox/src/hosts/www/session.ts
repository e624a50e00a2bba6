/**
 * The www.pixiv.net session: the `PHPSESSID` cookie names a sandbox account (an unknown one is
 * simply anonymous, as on pixiv), and the top pages (`/`, `/en/`) embed the CSRF token and the
 * signed-in user the way pixiv's current Next.js pages do: a
 * `<script id="__NEXT_DATA__" type="application/json">` whose
 * `props.pageProps.serverSerializedPreloadedState` is a JSON string holding `api.token` and
 * `userData.self` (null when anonymous). The older `<meta name="global-data">` form is not sent.
 * Account-only ajax routes answer 400 to anonymous callers (pixiv-upstream.md §3); form posts
 * also need the session's `x-csrf-token`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DemoAccount } from '../../accounts.ts';
import { SPXIMG } from '../../images/urls.ts';
import type { SandboxState } from '../../state.ts';
import { ajaxError } from './ajax.ts';

export const SESSION_COOKIE = 'PHPSESSID';
/** pixiv's session id: the user id, an underscore and 32 alphanumerics. */
export const PHPSESSID_PATTERN = /^\d+_[0-9A-Za-z]{32}$/;
export const BAD_REQUEST_MESSAGE = '不正なリクエストです。';

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The signed-in user as pixiv's pages carry it in `userData.self`. */
export function sessionSelf(account: DemoAccount) {
  return {
    id: String(account.userId),
    pixivId: account.account,
    name: account.name,
    // Sandbox accounts keep pixiv's default avatar.
    profileImg: `${SPXIMG}/common/images/no_profile_s.png`,
    profileImgBig: `${SPXIMG}/common/images/no_profile.png`,
    premium: account.isPremium,
    xRestrict: account.xRestrict,
    adult: account.xRestrict > 0,
    safeMode: account.xRestrict === 0,
    illustCreator: false,
    novelCreator: false,
  };
}

/**
 * The top page's HTML, with the preloaded state pixiv serialises into `__NEXT_DATA__`. An
 * anonymous visitor gets a throwaway token (`anonymousToken`, 32 hex), as pixiv hands one to
 * every visitor.
 */
export function topPage(
  account: DemoAccount | undefined,
  lang: string,
  anonymousToken: string,
): string {
  const preloaded = {
    api: { token: account ? account.csrfToken : anonymousToken },
    userData: { self: account ? sessionSelf(account) : null },
  };
  const nextData = {
    props: { pageProps: { serverSerializedPreloadedState: JSON.stringify(preloaded) } },
    page: '/[lang]',
    query: { lang },
    buildId: 'sandbox',
    isFallback: false,
    gssp: true,
    locale: lang,
  };
  // `<` escaped so that no text inside can close the script element.
  const json = JSON.stringify(nextData).replaceAll('<', '\\u003c');
  return [
    '<!DOCTYPE html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>pixiv</title></head>`,
    `<body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${json}</script></body></html>`,
  ].join('\n');
}

/** Refuses anonymous callers as pixiv does (400 with the error envelope); true when refused. */
export function refuseAnonymous(req: FastifyRequest, reply: FastifyReply): boolean {
  if (req.sandboxAccount) return false;
  void reply.code(400).send(ajaxError(BAD_REQUEST_MESSAGE));
  return true;
}

/**
 * Form posts need the session and its CSRF token: anonymous → 400 like the account-only routes,
 * a missing or foreign `x-csrf-token` → 403. True when refused.
 */
export function refuseWithoutCsrf(req: FastifyRequest, reply: FastifyReply): boolean {
  if (refuseAnonymous(req, reply)) return true;
  if (req.headers['x-csrf-token'] === req.sandboxAccount!.csrfToken) return false;
  void reply.code(403).send(ajaxError('Invalid CSRF token'));
  return true;
}

export function registerWebSession(app: FastifyInstance, state: SandboxState): void {
  app.addHook('onRequest', async (req) => {
    const sid = cookieValue(req.headers.cookie, SESSION_COOKIE);
    const account = sid ? state.tokens.accountBySession(sid) : undefined;
    if (!account) return;
    req.sandboxAccount = account;
    req.sandboxSocial = state.social.of(account.userId);
  });

  for (const [path, lang] of [
    ['/', 'ja'],
    ['/en/', 'en'],
  ] as const) {
    app.get(path, async (req, reply) => {
      reply.header('content-type', 'text/html; charset=utf-8');
      reply.header('cache-control', 'no-store');
      // Drawn from the seed per visit, so that two sandboxes with one seed serve the same pages.
      const anonymous = req.sandboxAccount ? '' : state.nextRng('www-anonymous-csrf').hex32();
      return topPage(req.sandboxAccount, lang, anonymous);
    });
  }
}
