/**
 * The sandbox as one Fastify app. Each pixiv host is served under a path prefix named after
 * it (`/app-api.pixiv.net/v1/...`, `/i.pximg.net/...`), and requests that name a pixiv host in
 * their Host header or in an absolute-form URL (HTTPS_PROXY-style clients) are routed there.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { registerFaults } from './faults/faults.ts';
import { parseForm } from './form.ts';
import { registerAppApi } from './hosts/app-api/index.ts';
import { registerPximg, registerSketchImg, registerSpximg } from './hosts/images.ts';
import { registerOAuth } from './hosts/oauth.ts';
import { registerPixivision } from './hosts/pixivision.ts';
import { registerWww } from './hosts/www/index.ts';
import { finishLive, registerSketch } from './hosts/sketch.ts';
import websocket from '@fastify/websocket';
import multipart from '@fastify/multipart';
import { registerSaucenao } from './hosts/saucenao/index.ts';
import { registerViewerServices } from './hosts/viewer-services.ts';
import { TRANSLATE_HOSTS, registerTranslate } from './hosts/translate/index.ts';
import { SandboxState, type SandboxOptions } from './state.ts';
import { specialWorks, type SpecialWorks } from './data/special-works.ts';
import { parseRateLimit, registerTokenBudget } from './faults/token-budget.ts';

export const SANDBOX_HOSTS = {
  appApi: 'app-api.pixiv.net',
  oauth: 'oauth.secure.pixiv.net',
  www: 'www.pixiv.net',
  pximg: 'i.pximg.net',
  spximg: 's.pximg.net',
  pixivision: 'www.pixivision.net',
  sketch: 'sketch.pixiv.net',
  sketchImg: 'img-sketch.pximg.net',
  imageSearch: 'saucenao.com',
  /** The viewer's own services (pid recovery, notices, sensitive words); not pixiv's. */
  viewerServices: 'viewer-services.invalid',
} as const;
const HOSTNAMES = new Set<string>([
  ...Object.values(SANDBOX_HOSTS),
  ...Object.values(TRANSLATE_HOSTS),
]);

/** Maps Host-header and absolute-form requests onto the host prefixes. */
export function routeByHost(url: string, hostHeader: string | undefined): string {
  if (/^https?:\/\//i.test(url)) {
    try {
      const u = new URL(url);
      if (HOSTNAMES.has(u.hostname)) return `/${u.hostname}${u.pathname}${u.search}`;
    } catch {
      return url;
    }
    return url;
  }
  const host = (hostHeader ?? '').split(':')[0]?.toLowerCase() ?? '';
  if (HOSTNAMES.has(host) && !url.startsWith(`/${host}/`)) return `/${host}${url}`;
  return url;
}

export interface BuiltSandbox {
  app: FastifyInstance;
  state: SandboxState;
}

export function buildSandboxApp(options: SandboxOptions = {}): BuiltSandbox {
  const state = new SandboxState(options);
  const app = Fastify({
    logger: false,
    rewriteUrl: (req) => routeByHost(req.url ?? '/', req.headers.host),
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, parseForm(body as string)),
  );
  registerFaults(app, state.faults);
  registerTokenBudget(
    app,
    state,
    'rateLimit' in options ? options.rateLimit : parseRateLimit(process.env.SANDBOX_RATE_LIMIT),
  );
  app.register(websocket);
  app.register(multipart);
  app.register(async (scope) => registerSaucenao(scope, state), {
    prefix: `/${SANDBOX_HOSTS.imageSearch}`,
  });
  registerTranslate(app, state.clock);
  app.register(async (scope) => registerViewerServices(scope, state), {
    prefix: `/${SANDBOX_HOSTS.viewerServices}`,
  });
  app.register(async (scope) => registerSketch(scope, state), {
    prefix: `/${SANDBOX_HOSTS.sketch}`,
  });
  app.register(async (scope) => registerSketchImg(scope, state), {
    prefix: `/${SANDBOX_HOSTS.sketchImg}`,
  });
  app.post('/_sandbox/lives/:id/finish', async (req, reply) => {
    const live = state.lives.get((req.params as { id: string }).id);
    if (!live) return reply.code(404).send({ error: 'no such live' });
    finishLive(state, live);
    return { ok: true };
  });
  let special: SpecialWorks | undefined;
  app.get('/_sandbox/special-works', async () => (special ??= specialWorks(state.data)));
  app.register(async (scope) => registerAppApi(scope, state), {
    prefix: `/${SANDBOX_HOSTS.appApi}`,
  });
  app.register(async (scope) => registerOAuth(scope, state), { prefix: `/${SANDBOX_HOSTS.oauth}` });
  app.register(async (scope) => registerPixivision(scope, state), {
    prefix: `/${SANDBOX_HOSTS.pixivision}`,
  });
  app.register(async (scope) => registerWww(scope, state), { prefix: `/${SANDBOX_HOSTS.www}` });
  app.register(async (scope) => registerPximg(scope, state), { prefix: `/${SANDBOX_HOSTS.pximg}` });
  app.register(async (scope) => registerSpximg(scope, state), {
    prefix: `/${SANDBOX_HOSTS.spximg}`,
  });
  app.get('/', async () => ({
    sandbox: 'pixiv upstream simulator',
    seed: state.data.seed,
    hosts: Object.values(SANDBOX_HOSTS).map((h) => `/${h}/`),
  }));
  return { app, state };
}
