/**
 * What the server holds in memory, part by part (issue 20: a process whose RSS stays up after a
 * load may hold full caches, a heap the collector has not given back, or a leak; the figures tell
 * them apart). Each in-memory cache registers its size here (`app.memoryParts`), and
 * `GET /api/stats` answers them with the process's memory, when STATS_ENDPOINT is on (off by
 * default), and only to a client on this machine. `?gc=1` collects garbage first when the process
 * runs with `--expose-gc` (the load bench starts it so).
 */
import type { FastifyInstance } from 'fastify';

export interface PartSize {
  entries: number;
  /** As the part counts them: bodies and keys, not V8's own overhead. */
  bytes: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory caches' sizes, by name (`responses`, `images`, `page_shells`, …). */
    memoryParts: Map<string, () => PartSize>;
  }
}

/** Bytes in megabytes, to one decimal: how the server's figures and log lines give memory. */
export function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

/** Registers a part's size, when the app keeps the figures (a test's bare Fastify does not). */
export function addMemoryPart(app: FastifyInstance, name: string, size: () => PartSize): void {
  if (app.hasDecorator('memoryParts')) app.memoryParts.set(name, size);
}

/** Call before the parts register (they reach the map from any plugin scope). */
export function registerStats(app: FastifyInstance, options: { endpoint: boolean }): void {
  const parts = new Map<string, () => PartSize>();
  app.decorate('memoryParts', parts);
  if (!options.endpoint) return;
  app.get('/api/stats', async (req, reply) => {
    // the socket's own address: a forwarded one is never enough
    if (!isLoopback(req.socket.remoteAddress)) {
      return reply.code(403).send({ error: 'only answered on this machine' });
    }
    const collect = (req.query as { gc?: string }).gc === '1';
    const gc = (globalThis as { gc?: () => void }).gc;
    if (collect && gc) gc();
    const memory = process.memoryUsage();
    return reply.header('cache-control', 'no-store').send({
      pid: process.pid,
      uptime_s: Math.round(process.uptime()),
      collected: collect && !!gc,
      memory_mb: {
        rss: megabytes(memory.rss),
        heap_used: megabytes(memory.heapUsed),
        heap_total: megabytes(memory.heapTotal),
        external: megabytes(memory.external),
        array_buffers: megabytes(memory.arrayBuffers),
      },
      parts: Object.fromEntries(
        [...parts].map(([name, size]) => {
          const { entries, bytes } = size();
          return [name, { entries, bytes }];
        }),
      ),
    });
  });
}

function isLoopback(address: string | undefined): boolean {
  return (
    !!address &&
    (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))
  );
}
