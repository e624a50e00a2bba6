/**
 * Issue 20, the fuzz suite: FUZZ_REQUESTS malformed requests (fixed seed) over every route the
 * server registers, answered without a 5xx, every 4xx in the documented error shape, and the
 * heap not growing with the run.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-helpers.ts';
import { fuzzRequests, runFuzz } from './fuzz-kit.ts';

/** The CI seed; the bench draws a new one. */
export const FUZZ_SEED = 20_261_125;
export const FUZZ_REQUESTS = 5_000;
/** Heap growth allowed between the first fifth of the run and its end (caches fill meanwhile). */
const HEAP_GROWTH_MB = 40;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ upstreamTimeoutMs: 5_000 });
  await t.app.ready();
});
afterAll(() => t?.close());

describe('fuzz', () => {
  it(`answers ${FUZZ_REQUESTS} malformed requests over every route without a 5xx, in the error shape`, async () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(90);
    const ids = [...t.sandbox.state.data.ids.slice(0, 20)];
    const requests = fuzzRequests(routes, { ids }, FUZZ_SEED, FUZZ_REQUESTS);
    const run = await runFuzz(t.app, requests, { gc });
    // one line per kind of problem and route, the first request that showed it
    const shown = new Map<string, string>();
    for (const f of run.findings) {
      const where = `${f.problem}: ${f.request.method} ${f.request.url.split(/[?]/)[0]!.slice(0, 40)}`;
      if (!shown.has(where)) shown.set(where, f.request.url.slice(0, 200));
    }
    expect([...shown]).toEqual([]);
    console.warn(`fuzz: ${run.requests} requests in ${run.ms} ms`, run.byStatus);
    expect(run.requests).toBe(FUZZ_REQUESTS);
    expect(run.heapEndMb - run.heapEarlyMb).toBeLessThan(HEAP_GROWTH_MB);
  }, 240_000);
});
