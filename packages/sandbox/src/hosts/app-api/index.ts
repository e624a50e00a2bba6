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
import { registerSpotlights } from './spotlights.ts';
import { registerLives } from './lives.ts';
import { registerLogin } from './login.ts';
import { registerUserPreviews } from './user-previews.ts';
import { registerSocial } from './social.ts';
import { registerComments } from './comments.ts';
import { registerSeries } from './series.ts';
import { registerUsers } from './users.ts';
import { registerNovels } from './novels.ts';
import { registerNovelSearch } from './novel-search.ts';
import { registerNovelSocial } from './novel-social.ts';
import { registerUserRelations } from './user-relations.ts';
import { registerBookmarkDetails } from './bookmark-details.ts';
import { registerBookmarkRanges } from './bookmark-ranges.ts';
import { registerNovelSeriesV1 } from './novel-series-v1.ts';
import { registerAppInfo } from './app-info.ts';
import { registerAccountSettings } from './account-settings.ts';

export { APP_API_ORIGIN, appError, firstLanguage } from './common.ts';

const OAUTH_MESSAGE =
  'Error occurred at the OAuth process. Please check your Access Token to fix this. Error Message: ';

/** Routes that pixiv serves without a token (pixiv-upstream.md §1.3). */
const PUBLIC_PATHS = new Set([
  '/v1/walkthrough/illusts',
  '/web/v1/login',
  '/v1/application-info/android',
  '/v1/emoji',
]);

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
    req.sandboxSocial = state.social.of(account.userId);
  });

  registerIllusts(app, state);
  registerUsers(app, state);
  registerSearch(app, state);
  registerSpotlights(app, state);
  registerLives(app, state);
  registerLogin(app, state);
  registerUserPreviews(app, state);
  registerSocial(app, state);
  registerComments(app, state);
  registerSeries(app, state);
  registerNovels(app, state);
  registerNovelSearch(app, state);
  registerNovelSocial(app, state);
  registerUserRelations(app, state);
  registerBookmarkDetails(app, state);
  registerBookmarkRanges(app, state);
  registerNovelSeriesV1(app, state);
  registerAppInfo(app);
  registerAccountSettings(app);

  app.setNotFoundHandler((req, reply) => {
    const language = firstLanguage(req.headers['accept-language']);
    reply.code(404).send(appError('', messages(language).noEndpoint));
  });
}
