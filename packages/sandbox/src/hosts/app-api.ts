/**
 * app-api.pixiv.net (pixiv-upstream.md §1). Bare JSON bodies, `next_url` on the real origin,
 * 400 (not 401) with an OAuth message for missing or bad bearer tokens, localised
 * `user_message` on errors.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawAppApiError } from '@pv/core';
import type { DemoAccount } from '../accounts.ts';
import { rawIllust, rawIllustDetail, type Viewer } from '../data/app-json.ts';
import { RANKING_PAGE, latestRankingDay } from '../data/ranking.ts';
import type { SandboxState } from '../state.ts';

export const APP_API_ORIGIN = 'https://app-api.pixiv.net';
const OAUTH_MESSAGE =
  'Error occurred at the OAuth process. Please check your Access Token to fix this. Error Message: ';

export function appError(message: string, userMessage = '', reason = ''): RawAppApiError {
  return { error: { user_message: userMessage, message, reason, user_message_details: {} } };
}

/** The first language of Accept-Language, lower-case; pixiv answers Japanese without one. */
export function firstLanguage(header: string | undefined): string {
  const first = (header ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first || 'ja';
}

function messages(language: string) {
  const ja = language.startsWith('ja');
  return {
    notFound: ja
      ? '該当作品は削除されたか、存在しない作品IDです。'
      : 'The artwork has been deleted or the artwork ID does not exist.',
    noEndpoint: ja ? '指定されたエンドポイントは存在しません' : "Specified end-point doesn't exist",
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    sandboxAccount?: DemoAccount;
  }
}

function viewerOf(req: FastifyRequest): Viewer {
  return {
    xRestrict: req.sandboxAccount?.xRestrict ?? 0,
    language: firstLanguage(req.headers['accept-language']),
  };
}

/** `https://app-api.pixiv.net<path>?<query with offset replaced>`, as pixiv builds next_url. */
function nextUrl(path: string, query: Record<string, string>, offset: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (k !== 'offset') params.set(k, v);
  params.set('offset', String(offset));
  return `${APP_API_ORIGIN}${path}?${params.toString()}`;
}

function parseOffset(value: string | undefined): number | null {
  if (value === undefined || value === '') return 0;
  return /^\d{1,6}$/.test(value) ? Number(value) : null;
}

/** Routes that pixiv serves without a token. */
const PUBLIC_PATHS = new Set(['/v1/walkthrough/illusts']);

export function registerAppApi(app: FastifyInstance, state: SandboxState): void {
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.replace(/^\/app-api\.pixiv\.net/, '').split('?')[0] ?? '';
    if (PUBLIC_PATHS.has(path)) return;
    const auth = req.headers.authorization;
    const match = auth ? /^Bearer (\S+)$/.exec(auth) : null;
    if (!match) return reply.code(400).send(appError(`${OAUTH_MESSAGE}invalid_request`));
    const account = state.tokens.resolve(match[1]!);
    if (!account) return reply.code(400).send(appError(`${OAUTH_MESSAGE}invalid_grant`));
    req.sandboxAccount = account;
  });

  app.get('/v1/illust/ranking', async (req, reply) => {
    const query = req.query as Record<string, string>;
    const mode = query.mode ?? 'day';
    const date = query.date ?? latestRankingDay(state.now);
    const offset = parseOffset(query.offset);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || offset === null) {
      return reply.code(400).send(appError('Invalid parameters', ''));
    }
    const viewer = viewerOf(req);
    const ranking = state.rankings.indexes(mode, date);
    const slice = ranking.subarray(offset, offset + RANKING_PAGE);
    const illusts = Array.from(slice, (i) => rawIllust(state.data.work(i), viewer));
    const more = offset + RANKING_PAGE < ranking.length;
    return reply.send({
      illusts,
      next_url: more ? nextUrl('/v1/illust/ranking', query, offset + RANKING_PAGE) : null,
    });
  });

  app.get('/v1/illust/detail', async (req: FastifyRequest, reply: FastifyReply) => {
    const query = req.query as Record<string, string>;
    const viewer = viewerOf(req);
    const id = Number(query.illust_id);
    const work = /^\d+$/.test(query.illust_id ?? '') ? state.data.workById(id) : undefined;
    if (!work) return reply.code(404).send(appError('', messages(viewer.language).notFound));
    return reply.send({ illust: rawIllustDetail(work, viewer) });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .send(appError('', messages(firstLanguage(req.headers['accept-language'])).noEndpoint));
  });
}
