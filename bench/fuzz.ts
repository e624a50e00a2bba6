/**
 * `npm run bench -- fuzz`: the fuzz suite's generator (packages/server/src/fuzz-kit.ts) with a new
 * seed each run and four times the CI count, against the server built in-process on a sandbox.
 * Writes the seed (to replay a finding), requests, answers by status, 5xx, error-shape problems
 * and the heap early and late. Target: no finding.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEMO_ACCOUNTS, sandboxServices, startSandbox } from '@pv/sandbox';
import { buildApp } from '@pv/server';
import { fuzzRequests, runFuzz } from '@pv/server/fuzz-kit';

export const BENCH_FUZZ_REQUESTS = 20_000;

export async function measureFuzz(seed = Math.floor(Math.random() * 2 ** 31)) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const webDist = mkdtempSync(join(tmpdir(), 'pv-bench-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  const app = await buildApp({
    hosts: sandbox.hosts,
    refreshTokens: [DEMO_ACCOUNTS[0]!.refreshToken],
    upstreamKind: 'sandbox',
    webDist,
    logLevel: 'silent',
    rateLimitPerMinute: 0,
    upstreamTimeoutMs: 5_000,
    services: sandboxServices(sandbox.baseUrl),
  });
  try {
    await app.ready();
    const ids = [...sandbox.state.data.ids.slice(0, 20)];
    const requests = fuzzRequests(app.routeTable, { ids }, seed, BENCH_FUZZ_REQUESTS);
    const run = await runFuzz(app, requests, { gc });
    const fiveXx = Object.entries(run.byStatus)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    return {
      seed,
      routes: app.routeTable.filter((r) => r.method !== 'HEAD').length,
      requests: run.requests,
      duration_ms: run.ms,
      by_status: run.byStatus,
      status_5xx: fiveXx,
      findings: run.findings.length,
      first_findings: run.findings.slice(0, 20).map((f) => ({
        problem: f.problem,
        method: f.request.method,
        url: f.request.url.slice(0, 300),
      })),
      heap_early_mb: run.heapEarlyMb,
      heap_end_mb: run.heapEndMb,
    };
  } finally {
    await app.close();
    await sandbox.close();
  }
}
