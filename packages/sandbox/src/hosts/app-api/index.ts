/**
 * app-api.pixiv.net (pixiv-upstream.md §1). Bare JSON bodies, `next_url` on the real origin,
 * 400 (not 401) with an OAuth message for missing or bad bearer tokens, localised
 * `user_message` on errors.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxState } from '../../state.ts';
import { appError, firstLanguage, messages } from './common.ts';
import { registerIllusts } from './illusts.ts';
import { registerSearch } from './search.ts';
import { registerUsers } from './users.ts';

export { APP_API_ORIGIN, appError, firstLanguage } from './common.ts';

const OAUTH_MESSAGE =
  'Error occurred at the OAuth process. Please check your Access Token to fix this. Error Message: ';

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

  registerIllusts(app, state);
  registerUsers(app, state);
  registerSearch(app, state);

  app.setNotFoundHandler((req, reply) => {
    const language = firstLanguage(req.headers['accept-language']);
    reply.code(404).send(appError('', messages(language).noEndpoint));
  });
}
