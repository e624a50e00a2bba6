/**
 * The viewer's own services (spec 001 §7.2 and §8, spec 000 §7 "Other"), each from a
 * configured base URL (README, Configuration; the sandbox's by default):
 *
 * - `GET /api/pid-recover/{id}`: what archives kept of a deleted work, a list of
 *   `{createDate, sampleUrl, fileUrl, tags}`, tried when pixiv says the work does not exist;
 *   kept a day (a deleted work stays deleted);
 * - `GET /api/notices`: the public notices `{notices, effects}`, malformed items and notices
 *   already over left out; kept ten minutes;
 * - `GET /api/sensitive-words`: `{words}`, fetched from upstream once and kept for the life of
 *   the process (a failed fetch is retried on the next call).
 *
 * Only the configured URLs are ever fetched (the id is an integer): no open proxy. Upstream
 * faults answer 502 and never reach the cache.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_TIMEOUT_MS } from '@pv/core';
import { z } from 'zod';
import type { ResponseCache } from '../../../plugins/cache.ts';
import { cacheMode } from '../pixiv/index.ts';

export interface ViewerServiceUrls {
  /** Base of the recovery API: `{base}/api/pid-recover/{id}`. */
  pidRecover?: string;
  /** The notices JSON file. */
  notices?: string;
  /** The sensitive-word list, a JSON array of strings. */
  sensitiveWords?: string;
}

export interface ViewerServiceDeps {
  urls: ViewerServiceUrls;
  /** The sensitive-word list's loader (`sensitiveWordsLoader` of `urls.sensitiveWords`), shared. */
  sensitiveWords?: () => Promise<string[]>;
  cache: ResponseCache;
  timeoutMs?: number;
  now?: () => number;
}

export const PID_RECOVER_TTL = 86_400;
export const NOTICES_TTL = 600;
/**
 * Seconds a failed notices call is not tried again: every page of the app asks for the notices
 * (and the server preloads them with each page), so a notice service that is down would cost
 * one upstream call per page view otherwise.
 */
export const NOTICES_FAILURE_TTL = 10;

const Recovered = z.array(
  z.object({
    createDate: z.string(),
    sampleUrl: z.url({ protocol: /^https?$/ }),
    fileUrl: z.url({ protocol: /^https?$/ }),
    tags: z.array(z.string()),
  }),
);
const Notice = z.object({
  id: z.union([z.string(), z.number()]),
  start: z.string(),
  end: z.string(),
  title: z.string(),
  text: z.string(),
  alert: z.boolean(),
  style: z.string(),
  pnt: z.boolean(),
  // the notice's language, and its words in other languages (by the app's language codes)
  lang: z.string().optional(),
  i18n: z.record(z.string(), z.object({ title: z.string(), text: z.string() })).optional(),
});
const Effect = z
  .object({ id: z.union([z.string(), z.number()]), start: z.string(), end: z.string() })
  .loose();
const NoticesFile = z.object({
  notices: z.array(z.unknown()),
  effects: z.array(z.unknown()).default([]),
});
const Words = z.array(z.string());
// Digits only, as every other id route: `0x7f000001` or `1e3` are numbers to Number(), not ids.
const IdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,11}$/)
    .transform(Number),
});

class UpstreamFault extends Error {}

async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new UpstreamFault(`request failed: ${(error as Error).name}`);
  }
  if (res.status !== 200) throw new UpstreamFault(`status ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new UpstreamFault('not JSON');
  }
}

/**
 * The sensitive-word list at `url`, fetched once and kept for the life of the process (a failed
 * fetch is tried again on the next call), trimmed, without blanks or repeats; rejects with the
 * upstream's fault. One loader serves the route and the server's render of search pages.
 */
export function sensitiveWordsLoader(
  url: string,
  timeoutMs = HTTP_TIMEOUT_MS,
): () => Promise<string[]> {
  let words: Promise<string[]> | undefined;
  return () => {
    const job = (words ??= fetchJson(url, timeoutMs).then((body) => {
      const parsed = Words.safeParse(body);
      if (!parsed.success) throw new UpstreamFault('unexpected shape');
      return [...new Set(parsed.data.map((w) => w.trim()).filter(Boolean))];
    }));
    job.catch(() => {
      if (words === job) words = undefined;
    });
    return job;
  };
}

function notConfigured(reply: FastifyReply) {
  return reply.code(503).send({ error: 'service not configured' });
}

/** Items of `list` that parse, the rest dropped. */
function valid<T>(schema: z.ZodType<T>, list: unknown[]): T[] {
  return list.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function viewerServiceRoutes(
  app: FastifyInstance,
  deps: ViewerServiceDeps,
): Promise<void> {
  const timeoutMs = deps.timeoutMs ?? HTTP_TIMEOUT_MS;
  const now = deps.now ?? (() => Date.now());

  const answer = async (
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    ttl: number,
    load: () => Promise<unknown>,
    failed?: () => void,
  ) => {
    try {
      const result = await deps.cache.fetch(
        key,
        ttl,
        cacheMode(req.headers['cache-control']),
        async () => ({
          body: JSON.stringify(await load()),
          cacheable: true,
        }),
      );
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.header('cache-control', `max-age=${result.maxAge}`);
      if (result.source === 'hit') reply.header('x-cache-hit', 'true');
      if (result.source === 'stale') reply.header('x-cache-stale', 'true');
      return reply.send(result.value);
    } catch (error) {
      if (error instanceof UpstreamFault) {
        req.log.warn({ reason: error.message }, `${key.split(':')[0]} request failed`);
        failed?.();
        return reply.code(502).send({ error: 'upstream request failed' });
      }
      throw error;
    }
  };

  app.get('/api/pid-recover/:id', async (req, reply) => {
    const base = deps.urls.pidRecover;
    if (!base) return notConfigured(reply);
    const params = IdParams.safeParse(req.params);
    if (!params.success) return reply.code(422).send({ error: 'invalid id' });
    const { id } = params.data;
    return answer(req, reply, `pid-recover:${id}`, PID_RECOVER_TTL, async () => {
      const parsed = Recovered.safeParse(
        await fetchJson(`${base.replace(/\/$/, '')}/api/pid-recover/${id}`, timeoutMs),
      );
      if (!parsed.success) throw new UpstreamFault('unexpected shape');
      return parsed.data;
    });
  });

  let noticesDownUntil = 0;
  app.get('/api/notices', async (req, reply) => {
    const url = deps.urls.notices;
    if (!url) return notConfigured(reply);
    const wait = Math.ceil((noticesDownUntil - now()) / 1000);
    if (wait > 0) {
      return reply
        .code(502)
        .header('retry-after', String(wait))
        .send({ error: 'upstream request failed' });
    }
    const failed = () => (noticesDownUntil = now() + NOTICES_FAILURE_TTL * 1000);
    return answer(
      req,
      reply,
      'notices',
      NOTICES_TTL,
      async () => {
        const parsed = NoticesFile.safeParse(await fetchJson(url, timeoutMs));
        if (!parsed.success) throw new UpstreamFault('unexpected shape');
        const t = now();
        const notOver = (n: { end: string }) => !(Date.parse(n.end) <= t);
        return {
          notices: valid(Notice, parsed.data.notices).filter(notOver),
          effects: valid(Effect, parsed.data.effects).filter(notOver),
        };
      },
      failed,
    );
  });

  const words =
    deps.sensitiveWords ??
    (deps.urls.sensitiveWords
      ? sensitiveWordsLoader(deps.urls.sensitiveWords, timeoutMs)
      : undefined);
  app.get('/api/sensitive-words', async (req, reply) => {
    if (!words) return notConfigured(reply);
    try {
      const list = await words();
      return reply.header('cache-control', 'max-age=86400').send({ words: list });
    } catch (error) {
      if (error instanceof UpstreamFault) {
        req.log.warn({ reason: error.message }, 'sensitive words request failed');
        return reply.code(502).send({ error: 'upstream request failed' });
      }
      throw error;
    }
  });
}
