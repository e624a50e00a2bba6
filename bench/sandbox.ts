/**
 * The sandbox benchmark: how long a sandbox takes to start and answer. In its own process, as a
 * self-hoster starts it (`node --import tsx packages/sandbox/src/cli.ts --port 0
 * --no-warm-media`: the live streams' video, which a default start encodes in the background
 * after listening, is left out), from the spawn to the "listening at" line and on to the first
 * answer of a dataset route (`/v1/walkthrough/illusts`), a few times; then in this process the
 * build alone (`buildSandboxApp` until ready), its first answer, and the image search's index
 * (built on the first search: works, bytes, milliseconds). Writes `sandbox.json` through run.ts.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSandboxApp } from '@pv/sandbox';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_SANDBOX_RUNS ?? 3);
const FIRST_ROUTE = '/app-api.pixiv.net/v1/walkthrough/illusts';

export interface ProcessStart {
  /** Spawn to the "listening at" line. */
  listening_ms: number;
  /** From then to the first answer of FIRST_ROUTE. */
  first_response_ms: number;
  total_ms: number;
}

export interface SandboxBenchResult {
  runs: ProcessStart[];
  /** The run with the median total. */
  median: ProcessStart;
  in_process: { build_ms: number; first_response_ms: number };
  image_index: { works: number; bytes: number; build_ms: number };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** One sandbox process, from spawn to its first answer; killed after. */
function startOnce(): Promise<ProcessStart> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'packages/sandbox/src/cli.ts', '--port', '0', '--no-warm-media'],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    const fail = (error: Error) => {
      child.kill('SIGTERM');
      reject(error);
    };
    child.on('exit', (code) => {
      if (!out.includes('listening at'))
        fail(new Error(`the sandbox exited (${code}) before listening`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const before = out;
      out += chunk.toString('utf8');
      const match = /listening at (\S+)/.exec(out);
      if (!match || /listening at \S+/.test(before)) return;
      const listening = performance.now();
      fetch(`${match[1]}${FIRST_ROUTE}`)
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${FIRST_ROUTE} answered ${res.status}`);
          const answered = performance.now();
          child.once('exit', () =>
            resolve({
              listening_ms: round(listening - started),
              first_response_ms: round(answered - listening),
              total_ms: round(answered - started),
            }),
          );
          child.kill('SIGTERM');
        })
        .catch(fail);
    });
  });
}

export async function measureSandbox(): Promise<SandboxBenchResult> {
  const runs: ProcessStart[] = [];
  for (let k = 0; k < RUNS; k++) runs.push(await startOnce());
  const median = [...runs].sort((a, b) => a.total_ms - b.total_ms)[Math.floor(runs.length / 2)]!;

  const t0 = performance.now();
  const { app, state } = buildSandboxApp();
  await app.ready();
  const built = performance.now();
  const res = await app.inject({ url: FIRST_ROUTE });
  if (res.statusCode !== 200) throw new Error(`${FIRST_ROUTE} answered ${res.statusCode}`);
  const answered = performance.now();
  const index = await state.imageIndex.stats();
  await app.close();
  return {
    runs,
    median,
    in_process: { build_ms: round(built - t0), first_response_ms: round(answered - built) },
    image_index: { works: index.works, bytes: index.bytes, build_ms: round(index.buildMs) },
  };
}
