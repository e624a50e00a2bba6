// `npm test`: every check the project has, in order, stopping at the first failure:
// format, lint and type check (at once), redis-server for the shared-cache tests, ffmpeg, nginx for the
// several-instances test, unit + integration tests (Vitest), web build, browser tests
// (Playwright in Debian's Chromium). Skipped tests count as failures. Ends with one line
// "tests: N passed, N failed" that CI reads.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, '.cache');
const vitestJson = join(cacheDir, 'vitest.json');
const playwrightJson = join(cacheDir, 'playwright.json');
mkdirSync(cacheDir, { recursive: true });
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const totals = { passed: 0, failed: 0 };

function step(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}: ${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(
    `=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} (${Date.now() - started} ms)`,
  );
  return result.status === 0;
}

/**
 * Runs several checks at once (CI has two cores), each one's output printed in one piece when it
 * ends, so that the log reads as if they had run one after the other.
 */
async function together(checks) {
  const results = await Promise.all(
    checks.map(
      ([title, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            console.log(`\n=== ${title}: ${[cmd, ...args].join(' ')}`);
            process.stdout.write(output);
            console.log(
              `=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} (${Date.now() - started} ms)`,
            );
            resolve(code === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

function countVitest() {
  if (!existsSync(vitestJson)) return;
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + report.numPendingTests + report.numTodoTests;
}

function countPlaywright() {
  if (!existsSync(playwrightJson)) return;
  const report = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  const { stats } = report;
  // A test that failed once and passed on its CI retry is a failing test: it counts as failed
  // (the run fails) and is named, so that it gets fixed.
  totals.passed += stats.expected;
  totals.failed += stats.unexpected + stats.skipped + stats.flaky;
  const flaky = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'flaky') flaky.push(`[${t.projectName}] ${spec.file} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  if (flaky.length > 0) {
    console.log(`\nflaky (failed, then passed on the retry; counted as failed): ${flaky.length}`);
    for (const name of flaky) console.log(`  - ${name}`);
  }
}

function finish(ok) {
  countVitest();
  countPlaywright();
  if (ok && totals.failed > 0) ok = false;
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(ok ? 0 : 1);
}

const bin = (name) => join(root, 'node_modules/.bin', name);
const steps = [
  () =>
    together([
      ['format', bin('prettier'), ['--check', '.']],
      ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
      ['typecheck', process.execPath, [join(root, 'scripts/typecheck.mjs')]],
    ]),
  () =>
    step('redis-server, ffmpeg, nginx, jing', process.execPath, [
      join(root, 'scripts/ensure-tools.mjs'),
    ]),
  () =>
    step('unit and integration', bin('vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ]),
  () => step('web build', 'npm', ['run', 'build', '-w', '@pv/web']),
  () => step('chromium', process.execPath, [join(root, 'scripts/ensure-chromium.mjs')]),
  () =>
    step('browser', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    }),
];

for (const run of steps) {
  if (!(await run())) finish(false);
}
finish(true);
