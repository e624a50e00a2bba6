/**
 * The load generator of the server benchmark, run as its own process so that it does not share
 * an event loop with what it measures: `node --import tsx bench/load.ts <url> <connections>
 * <duration ms>`. Keeps `connections` keep-alive connections busy for the duration (after a
 * one-second warm-up) and prints one JSON line: requests, errors, requests per second, p50/p99 ms.
 */
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  url: string;
  connections: number;
  duration_ms: number;
  requests: number;
  errors: number;
  bytes: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function once(agent: Agent, url: URL): Promise<{ ok: boolean; bytes: number }> {
  return new Promise((resolve) => {
    const req = request(url, { agent, method: 'GET' }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ ok: res.statusCode === 200, bytes }));
      res.on('error', () => resolve({ ok: false, bytes }));
    });
    req.on('error', () => resolve({ ok: false, bytes: 0 }));
    req.end();
  });
}

export async function load(target: string, connections: number, durationMs: number) {
  const url = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let measuring = false;
  const warmUntil = performance.now() + 1000;
  const until = warmUntil + durationMs;
  const worker = async () => {
    while (performance.now() < until) {
      const start = performance.now();
      const res = await once(agent, url);
      measuring ||= start >= warmUntil;
      if (start < warmUntil) continue;
      if (!res.ok) errors++;
      else latencies.push(performance.now() - start);
      bytes += res.bytes;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  const result: LoadResult = {
    url: target,
    connections,
    duration_ms: durationMs,
    requests: latencies.length,
    errors,
    bytes,
    rps: Math.round((latencies.length / durationMs) * 1000),
    p50_ms: Number(percentile(sorted, 50).toFixed(2)),
    p99_ms: Number(percentile(sorted, 99).toFixed(2)),
  };
  return result;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [target, connections = '32', duration = '8000'] = process.argv.slice(2);
  if (!target) {
    console.error('usage: load.ts <url> [connections] [duration ms]');
    process.exit(2);
  }
  const result = await load(target, Number(connections), Number(duration));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
