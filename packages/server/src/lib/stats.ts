/**
 * What the server holds in memory, part by part (issue 20: a process whose RSS stays up after a
 * load may hold full caches, a heap the collector has not given back, or a leak; the figures tell
 * them apart). Each in-memory cache registers its size here (`app.memoryParts`), and
 * `GET /api/stats` answers them with the process's memory, when STATS_ENDPOINT is on (off by
 * default), and only to a client on this machine. `?gc=1` collects garbage first when the process
 * runs with `--expose-gc` (the load bench starts it so). `gc_pauses` counts the garbage
 * collector's pauses since the start (`watchGcPauses`; a forced collection counts too).
 */
import { PerformanceObserver, constants } from 'node:perf_hooks';
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

/** The upper bounds of the pause buckets, ms (the last bucket holds every longer pause). */
export const GC_PAUSE_BUCKETS_MS = [1, 5, 10, 25, 50, 100] as const;

/** Garbage-collection pauses of one kind since the start: how many, how long, in buckets. */
export interface GcPauses {
  count: number;
  total_ms: number;
  max_ms: number;
  /** Pauses up to each bound of GC_PAUSE_BUCKETS_MS, then the longer ones (one more count). */
  buckets: number[];
}

/** The pauses of `--trace-gc`'s two families: scavenges (minor) and mark-compacts (major). */
export interface GcPauseStats {
  minor: GcPauses;
  major: GcPauses;
}

const emptyPauses = (): GcPauses => ({
  count: 0,
  total_ms: 0,
  max_ms: 0,
  buckets: Array<number>(GC_PAUSE_BUCKETS_MS.length + 1).fill(0),
});

/**
 * Counts the process's garbage-collection pauses from now on (node's `gc` performance entries):
 * a load's tail latency next to its collections (issue 37, the load bench reads them before and
 * after a phase). Incremental marking and weak callbacks count with the major collections. Only
 * with the stats endpoint on: the observer is one more callback per collection.
 */
export function watchGcPauses(): { stats: GcPauseStats; stop(): void } {
  const stats: GcPauseStats = { minor: emptyPauses(), major: emptyPauses() };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      const pauses = kind === constants.NODE_PERFORMANCE_GC_MINOR ? stats.minor : stats.major;
      const ms = entry.duration;
      pauses.count++;
      pauses.total_ms = Number((pauses.total_ms + ms).toFixed(3));
      pauses.max_ms = Math.max(pauses.max_ms, Number(ms.toFixed(3)));
      const bucket = GC_PAUSE_BUCKETS_MS.findIndex((bound) => ms <= bound);
      pauses.buckets[bucket === -1 ? GC_PAUSE_BUCKETS_MS.length : bucket]!++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return { stats, stop: () => observer.disconnect() };
}

/** Call before the parts register (they reach the map from any plugin scope). */
export function registerStats(app: FastifyInstance, options: { endpoint: boolean }): void {
  const parts = new Map<string, () => PartSize>();
  app.decorate('memoryParts', parts);
  if (!options.endpoint) return;
  const gcPauses = watchGcPauses();
  app.addHook('onClose', async () => gcPauses.stop());
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
      gc_pauses: gcPauses.stats,
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
