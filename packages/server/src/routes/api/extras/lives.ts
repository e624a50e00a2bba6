/**
 * pixiv Sketch lives for the app (spec 000 §7 "Live"): `GET /api/lives/{id}.json` and
 * `GET /api/lives/{id}/logs.json` (the sketch envelope, verbatim), the websocket relay
 * `/ws/lives?live_id=` (upstream events to the browser, nothing back), and
 * `/api/sketch/hls/...` for the performers' HLS streams. Only those shapes reach sketch.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import WebSocket from 'ws';
import { HTTP_TIMEOUT_MS } from '@pv/core';
import { PixivError, createSketchClient, isLiveId } from '@pv/pixiv';
import type { Upstream } from '../../../plugins/upstream.ts';

export interface LiveDeps {
  upstream: Upstream;
  timeoutMs?: number;
}

export async function liveRoutes(app: FastifyInstance, deps: LiveDeps): Promise<void> {
  const sketch = createSketchClient({ hosts: deps.upstream.hosts, timeoutMs: deps.timeoutMs });

  const relay = async (
    reply: FastifyReply,
    load: () => Promise<{ status: number; body: unknown }>,
    log: FastifyBaseLogger,
  ) => {
    try {
      const res = await load();
      // sketch's own failures are upstream's, not ours: a 502 (with its envelope)
      return reply
        .code(res.status >= 500 ? 502 : res.status)
        .header('cache-control', 'no-cache')
        .send(res.body);
    } catch (error) {
      if (error instanceof PixivError) {
        log.warn({ kind: error.kind }, 'sketch request failed');
        return reply
          .code(502)
          .send({ data: null, errors: [{ message: 'upstream request failed' }] });
      }
      throw error;
    }
  };

  app.get('/api/lives/:file', async (req, reply) => {
    const id = /^(\d{1,20})\.json$/.exec((req.params as { file: string }).file)?.[1];
    if (!id) return reply.code(404).send({ data: null, errors: [{ message: 'not found' }] });
    return relay(reply, () => sketch.live(id), req.log);
  });

  app.get('/api/lives/:id/logs.json', async (req, reply) => {
    const { id } = req.params as { id: string };
    if (!isLiveId(id))
      return reply.code(404).send({ data: null, errors: [{ message: 'not found' }] });
    return relay(reply, () => sketch.logs(id), req.log);
  });

  // A player fetches a playlist and a segment every few seconds: media, like /i/*, outside the
  // per-IP budget of the JSON routes.
  app.get('/api/sketch/hls/*', { config: { rateLimit: false } }, async (req, reply) => {
    const path = `/hls/${(req.params as { '*': string })['*']}`;
    const url = sketch.hlsUrl(path);
    if (!url) return reply.code(404).send({ error: 'not found' });
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { Referer: 'https://sketch.pixiv.net/' },
        redirect: 'manual',
        // Segments of a cold stream may take a while to produce upstream.
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
    } catch {
      return reply.code(502).send({ error: 'upstream failed' });
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      return reply
        .code(res.status >= 500 ? 502 : 404)
        .header('cache-control', 'no-store')
        .send({ error: res.status >= 500 ? 'upstream failed' : 'not found' });
    }
    reply.code(200);
    reply.header('content-type', res.headers.get('content-type') ?? 'application/octet-stream');
    reply.header('cache-control', path.endsWith('.m3u8') ? 'no-cache' : 'max-age=60');
    if (!res.body) return reply.send();
    return reply.send(Readable.fromWeb(res.body as WebReadableStream));
  });

  app.route({
    method: 'GET',
    url: '/ws/lives',
    // a plain GET (no upgrade) gets a reason, not an empty 404
    handler: (_req, reply) => reply.code(426).send({ error: 'websocket upgrade required' }),
    wsHandler: (client, req) => {
      const id = (req.query as { live_id?: string }).live_id ?? '';
      if (!isLiveId(id)) {
        client.close(4400, 'bad live id');
        return;
      }
      const upstream = new WebSocket(sketch.socketUrl(id), {
        headers: { Origin: 'https://sketch.pixiv.net' },
        handshakeTimeout: deps.timeoutMs ?? HTTP_TIMEOUT_MS,
      });
      upstream.on('message', (data, isBinary) => {
        if (client.readyState === client.OPEN) client.send(data, { binary: isBinary });
      });
      const closeCode = (code: number) =>
        code >= 1000 && code < 5000 && code !== 1005 && code !== 1006 ? code : 1011;
      upstream.on('close', (code, reason) => {
        if (client.readyState === client.OPEN)
          client.close(closeCode(code), reason.toString().slice(0, 100));
      });
      upstream.on('error', (error) => {
        req.log.warn({ err: error.message }, 'sketch websocket failed');
        if (client.readyState === client.OPEN) client.close(1011, 'upstream failed');
      });
      client.on('close', () => {
        if (
          upstream.readyState === WebSocket.OPEN ||
          upstream.readyState === WebSocket.CONNECTING
        ) {
          upstream.terminate();
        }
      });
    },
  });
}
