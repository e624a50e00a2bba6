/**
 * sketch.pixiv.net (pixiv-upstream.md §4.1): `GET /api/lives.json`, `/api/lives/{id}.json` and
 * `/api/lives/{id}/logs.json` in the sketch envelope; the websocket `/ws/lives?live_id=` that
 * sends `chat`, `audience_count_updated`, `heart` and `finish`; and each performer's HLS stream.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Live } from '../data/lives.ts';
import { LOOKS, liveSegment, playlist } from '../media/hls.ts';
import type { SandboxState } from '../state.ts';
import { envelope, sketchLive, sketchUser } from './sketch-json.ts';

export const LIVE_NOT_FOUND = 'ライブが見つかりません';
/** How often a socket hears each kind of event, ms. */
export const LIVE_EVENT_MS = { chat: 1_500, heart: 2_000, audience: 4_000 } as const;

/** Open sockets per live, so that a finish reaches every viewer. */
const sockets = new WeakMap<SandboxState, Map<string, Set<WebSocket>>>();

function socketsOf(state: SandboxState, id: string): Set<WebSocket> {
  let byLive = sockets.get(state);
  if (!byLive) sockets.set(state, (byLive = new Map()));
  let set = byLive.get(id);
  if (!set) byLive.set(id, (set = new Set()));
  return set;
}

/** Ends a live now: it is marked finished and every viewer gets `finish`. */
export function finishLive(state: SandboxState, live: Live): void {
  if (live.finished === null) live.finished = state.clock();
  for (const ws of socketsOf(state, live.id)) {
    ws.send(JSON.stringify({ type: 'finish' }));
    ws.close(1000, 'finished');
  }
}

export function registerSketch(app: FastifyInstance, state: SandboxState): void {
  app.get('/api/lives.json', async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const count = Math.min(100, Math.max(1, Number(q.count ?? 20) || 20));
    const page = Math.max(1, Number(q.page ?? 1) || 1);
    const order = q.order_by === 'created_at' ? 'created_at' : 'audience_count';
    const lives = [...state.lives.broadcasting()];
    if (order === 'created_at') lives.sort((a, b) => b.created - a.created);
    const slice = lives.slice((page - 1) * count, page * count);
    const more = page * count < lives.length;
    return {
      ...envelope(state, { lives: slice.map(sketchLive) }),
      _links: more
        ? { next: { href: `/api/lives.json?count=${count}&order_by=${order}&page=${page + 1}` } }
        : {},
    };
  });

  app.get('/api/lives/:file', async (req, reply) => {
    const m = /^(\d+)\.json$/.exec((req.params as { file: string }).file);
    const live = m ? state.lives.get(m[1]!) : undefined;
    if (!live) return reply.code(404).send(envelope(state, null, [{ message: LIVE_NOT_FOUND }]));
    return envelope(state, sketchLive(live));
  });

  app.get('/api/lives/:id/logs.json', async (req, reply) => {
    const live = state.lives.get((req.params as { id: string }).id);
    if (!live) return reply.code(404).send(envelope(state, null, [{ message: LIVE_NOT_FOUND }]));
    return envelope(
      state,
      live.log.map((c) => ({
        id: c.id,
        type: 'chat',
        created_at: c.created_at,
        data: { chat: { user: sketchUser(c.user), message: c.message } },
      })),
    );
  });

  app.get('/ws/lives', { websocket: true }, (socket, req) => {
    const id = (req.query as { live_id?: string }).live_id ?? '';
    const live = state.lives.get(id);
    if (!live) {
      socket.close(4404, 'live not found');
      return;
    }
    if (live.finished !== null) {
      socket.send(JSON.stringify({ type: 'finish' }));
      socket.close(1000, 'finished');
      return;
    }
    const viewers = socketsOf(state, id);
    viewers.add(socket);
    const rng = state.nextRng(`ws:${id}`);
    const send = (message: object) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const timers = [
      setInterval(() => {
        const entry = state.lives.chat(rng, live, state.clock());
        live.log.push(entry);
        if (live.log.length > 200) live.log.splice(0, live.log.length - 200);
        live.chatCount++;
        send({
          type: 'chat',
          chat: {
            id: entry.id,
            created_at: entry.created_at,
            user: sketchUser(entry.user),
            message: entry.message,
          },
        });
      }, LIVE_EVENT_MS.chat),
      setInterval(() => {
        live.heartCount += rng.int(1, 5);
        send({ type: 'heart', total_count: live.heartCount });
      }, LIVE_EVENT_MS.heart),
      setInterval(() => {
        const change = rng.int(-3, 5);
        live.audienceCount = Math.max(1, live.audienceCount + change);
        live.memberCount = live.audienceCount;
        if (change > 0) live.totalAudienceCount += change;
        send({
          type: 'audience_count_updated',
          count: live.audienceCount,
          total: live.totalAudienceCount,
        });
      }, LIVE_EVENT_MS.audience),
    ];
    socket.on('close', () => {
      for (const t of timers) clearInterval(t);
      viewers.delete(socket);
    });
  });

  app.get('/hls/:live/:user/:file', async (req, reply) => {
    const { live: liveId, user, file } = req.params as { live: string; user: string; file: string };
    const live = state.lives.get(liveId);
    const performer = live?.performers.find((p) => String(p.id) === user);
    if (!live || !performer) return reply.code(404).send('not found');
    if (file === 'index.m3u8') {
      return reply
        .type('application/vnd.apple.mpegurl')
        .header('cache-control', 'no-cache')
        .send(playlist(state.clock() - live.created, live.finished !== null));
    }
    const seg = /^seg(\d{1,9})\.ts$/.exec(file);
    if (!seg) return reply.code(404).send('not found');
    const bytes = await liveSegment(performer.id % LOOKS, Number(seg[1]));
    return reply.type('video/mp2t').header('cache-control', 'max-age=60').send(bytes);
  });
}
