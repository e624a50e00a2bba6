/** Test setup: the server built in-process over a real sandbox on loopback. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { UpstreamHosts } from '@pv/core';
import {
  DEMO_ACCOUNTS,
  sandboxServices,
  sandboxTranslateHosts,
  startSandbox,
  type RunningSandbox,
} from '@pv/sandbox';
import { buildApp, type AppConfig } from './app.ts';

/** 2026-11-20 15:00 JST. */
export const TEST_NOW = Date.parse('2026-11-20T15:00:00+09:00');

/** A minimal built web app: index.html plus one hashed asset. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pv-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Pixiv Viewer</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

export interface TestServer {
  app: FastifyInstance;
  sandbox: RunningSandbox;
  logs: () => string;
  close(): Promise<void>;
}

export async function startTestServer(
  overrides: Omit<Partial<AppConfig>, 'hosts'> & {
    hosts?: Partial<UpstreamHosts>;
    /** The sandbox's present (default TEST_NOW). */
    sandboxNow?: number;
  } = {},
  /** Something standing between the server and the sandbox (the hostile upstream): its hosts. */
  front?: (sandbox: RunningSandbox) => Promise<{ hosts: UpstreamHosts; close(): Promise<void> }>,
): Promise<TestServer> {
  const { sandboxNow, ...config } = overrides;
  // a web app made here is removed with the server
  const webDist = config.webDist ?? fakeWebDist();
  const ownDist = config.webDist ? undefined : webDist;
  const sandbox = await startSandbox({ now: sandboxNow ?? TEST_NOW });
  const between = await front?.(sandbox);
  const logStream = new PassThrough();
  let logText = '';
  logStream.on('data', (chunk: Buffer) => (logText += chunk.toString('utf8')));
  const app = await buildApp({
    refreshTokens: [DEMO_ACCOUNTS[0]!.refreshToken],
    upstreamKind: 'sandbox',
    webDist,
    logLevel: 'info',
    logStream,
    // Generous, so a loaded CI machine does not turn slow answers into 502s; the timeout tests
    // set their own short limits.
    upstreamTimeoutMs: 10_000,
    // Tests fire hundreds of calls from one address; the limit has its own test.
    rateLimitPerMinute: 0,
    services: sandboxServices(sandbox.baseUrl),
    translate: {
      hosts: sandboxTranslateHosts(sandbox.baseUrl),
      aiKey: 'sandbox',
      timeoutMs: 10_000,
    },
    ...config,
    hosts: { ...(between?.hosts ?? sandbox.hosts), ...config.hosts },
  });
  return {
    app,
    sandbox,
    logs: () => logText,
    async close() {
      await app.close();
      await between?.close();
      await sandbox.close();
      if (ownDist) rmSync(ownDist, { recursive: true, force: true });
    },
  };
}

/** A test server listening on a free loopback port, for clients that need a real socket. */
export async function startListeningTestServer(): Promise<{ t: TestServer; base: string }> {
  const t = await startTestServer();
  return { t, base: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
}
