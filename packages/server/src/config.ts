/**
 * Server configuration from the environment, validated once at start (README, Configuration).
 * A bad value stops the server with a message naming the variable.
 */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

const url = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/$/, ''));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  PIXIV_REFRESH_TOKEN: z.string().optional(),
  UPSTREAM_APP_API: url.optional(),
  UPSTREAM_OAUTH: url.optional(),
  UPSTREAM_WWW: url.optional(),
  UPSTREAM_PXIMG: z
    .string()
    .optional()
    .refine((v) => splitList(v).every(isHttpUrl), 'a comma-separated list of http(s) URLs'),
  UPSTREAM_SPXIMG: url.optional(),
  SANDBOX_URL: url.optional(),
  SANDBOX_SEED: z.coerce.number().int().default(20_070_913),
  IMAGE_PROXY: url.optional(),
  /**
   * This site's public origin (`https://viewer.example`): every absolute URL (share links, oEmbed,
   * feeds, the page head) is built from it, never from a request's Host.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .refine((v) => {
      if (!URL.canParse(v)) return false;
      const u = new URL(v);
      return u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
    }, 'an origin only: scheme, host and port, no path')
    .transform((v) => new URL(v).origin)
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(DEFAULT_WEB_DIST),
  CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(5_000),
  CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(256 * 1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(300),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  /** ffmpeg for ugoira MP4s and the sandbox's live video; read where it runs (@pv/sandbox ffmpegPath). */
  FFMPEG_PATH: z.string().optional(),
  SELF_HOSTED: z.enum(['true', 'false']).default('true'),
  PREVIEW_ADULT: z.enum(['true', 'false']).default('false'),
  /**
   * 1 (the default): landing pages are rendered on the server (issue 33: the rankings, an
   * artwork, a novel, a user; packages/web src/app/server-routes.ts) and the app hydrates them;
   * 0 serves the app's shell for every page, as before server rendering.
   */
  SSR: z.enum(['0', '1']).default('1'),
  /**
   * V8's heap growing factor, percent over the live objects after a full collection (main.ts,
   * applyHeapGrowth); 0 leaves V8's own, which lets a burst grow the heap to about four times them.
   */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  /**
   * Seconds of a nearly idle event loop after which a heap grown by a burst is collected and
   * given back (lib/idle-gc.ts); 0 leaves it to V8, which waits some 30–40 s.
   */
  IDLE_GC_SECONDS: z.coerce.number().int().min(0).max(600).default(5),
  /** `GET /api/stats`: memory figures, to clients on this machine only (lib/stats.ts). */
  STATS_ENDPOINT: z.enum(['true', 'false']).default('false'),
  UPSTREAM_IMAGE_SEARCH: url.optional(),
  SAUCENAO_API_KEY: z.string().optional(),
  UPSTREAM_PID_RECOVER: url.optional(),
  UPSTREAM_NOTICES: url.optional(),
  UPSTREAM_SENSITIVE_WORDS: url.optional(),
  UPSTREAM_TRANSLATE_MS: url.optional(),
  UPSTREAM_TRANSLATE_GG: url.optional(),
  UPSTREAM_TRANSLATE_YD: url.optional(),
  UPSTREAM_TRANSLATE_SC: url.optional(),
  UPSTREAM_IMMERSIVE_TRANSLATE: url.optional(),
  TRANSLATE_MS_KEY: z.string().optional(),
  TRANSLATE_MS_REGION: z.string().optional(),
  TRANSLATE_SC_KEY: z.string().optional(),
  MIRRORS: z
    .string()
    .optional()
    .refine((v) => splitList(v).every(isHttpUrl), 'a comma-separated list of http(s) URLs'),
  IMAGE_PROXIES: z
    .string()
    .optional()
    .refine((v) => splitList(v).every(isHttpUrl), 'a comma-separated list of http(s) URLs'),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment; throws an Error listing every bad variable. */
export function readEnv(env: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/** Refresh tokens from the comma-separated PIXIV_REFRESH_TOKEN. */
export function refreshTokens(env: Pick<Env, 'PIXIV_REFRESH_TOKEN'>): string[] {
  return (env.PIXIV_REFRESH_TOKEN ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Origins allowed to call the mirror from other sites: a comma list, or `*`. None by default. */
export function corsOrigins(env: Pick<Env, 'CORS_ORIGINS'>): string[] {
  return (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/**
 * i.pximg.net and its stand-ins (UPSTREAM_PXIMG, a comma list): the image proxy asks the first
 * and fails over to the next ones in turn. Empty when unset.
 */
export function pximgCandidates(env: Pick<Env, 'UPSTREAM_PXIMG'>): string[] {
  return splitList(env.UPSTREAM_PXIMG).map((u) => u.replace(/\/$/, ''));
}

/**
 * Further pixiv image proxies the app may load pictures from (IMAGE_PROXIES, a comma list): the
 * app tries them after IMAGE_PROXY when a picture fails, and offers them in its preferences.
 */
export function imageProxyList(env: Pick<Env, 'IMAGE_PROXIES'>): string[] {
  return splitList(env.IMAGE_PROXIES).map((u) => u.replace(/\/?$/, '/'));
}

/** Other sites running this viewer, listed on the about page (spec 001 §2.8): MIRRORS, a comma list. */
export function mirrorSites(env: Pick<Env, 'MIRRORS'>): string[] {
  return splitList(env.MIRRORS).map((u) => u.replace(/\/$/, ''));
}

/**
 * Which proxies' X-Forwarded-For to believe (`TRUST_PROXY`), so the rate limit sees the real
 * clients behind a reverse proxy: `true` any, a number of hops, or a comma list of addresses and
 * CIDR ranges. None by default (the socket's address counts).
 */
export function trustProxy(
  env: Pick<Env, 'TRUST_PROXY'>,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  const value = (env.TRUST_PROXY ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}
