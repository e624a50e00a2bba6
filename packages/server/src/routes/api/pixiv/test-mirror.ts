/**
 * Test kit of the mirror's route tables: the server over a real sandbox with a direct app-API
 * client signed in as the server's demo account, and one driver for a table of mirror calls
 * and the app-API calls they must make (conformance.md §2).
 */
import { expect, it } from 'vitest';
import {
  createAppApiClient,
  createOAuthClient,
  createRefreshTokenProvider,
  encodeQuery,
  type AppApiClient,
  type Query,
} from '@pv/pixiv';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';

/** A name, the mirror call (after `/api/pixiv/`) and the app-API path and query it must make. */
export type MirrorCase = [
  name: string,
  mirror: () => string,
  upstream: () => [path: string, query: Record<string, unknown>],
];

export interface MirrorTest {
  t: TestServer;
  direct: AppApiClient;
}

export async function startMirrorTest(): Promise<MirrorTest> {
  const t = await startTestServer();
  const oauth = createOAuthClient({ oauthBase: t.sandbox.hosts.oauth });
  const direct = createAppApiClient({
    hosts: t.sandbox.hosts,
    auth: createRefreshTokenProvider({ oauth, refreshToken: DEMO_ACCOUNTS[0]!.refreshToken }),
  });
  return { t, direct };
}

/**
 * The queries of the app-API requests for `path` the sandbox saw from its log's index `from` on,
 * as plain pairs: what upstream actually received.
 */
export function upstreamQueries(
  t: TestServer,
  path: string,
  from: number,
): Record<string, string>[] {
  const prefix = `/app-api.pixiv.net${path}`;
  return t.sandbox.state.faults.log
    .slice(from)
    .filter((url) => url.split('?')[0] === prefix)
    .map((url) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? '')));
}

/** A query as it goes over the wire: strings, booleans as true/false, unset ones left out. */
export function wireQuery(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(encodeQuery(query as Query)));
}

/**
 * One test a case: upstream (the sandbox) receives exactly the case's call, and the mirror
 * answers 200 with exactly what the same direct call answers. The mirror call asks for a fresh
 * answer (`no-cache`), so it reaches upstream even when an earlier call filled the cache.
 */
export function itMapsOntoTheAppApi(cases: readonly MirrorCase[], get: () => MirrorTest): void {
  for (const [name, mirror, upstream] of cases) {
    it(name, async () => {
      const { t, direct } = get();
      const [path, query] = upstream();
      const from = t.sandbox.state.faults.log.length;
      const res = await t.app.inject({
        url: `/api/pixiv/${mirror()}`,
        headers: { 'cache-control': 'no-cache' },
      });
      expect(res.statusCode).toBe(200);
      expect(upstreamQueries(t, path, from)).toEqual([wireQuery(query)]);
      const expected = await direct.get(path, query as Record<string, string | number | boolean>);
      expect(expected.status).toBe(200);
      expect(res.json()).toEqual(expected.body);
      expect(JSON.stringify(res.json())).not.toMatch(/"error":\{/);
    });
  }
}

/** One test: each of these mirror calls answers 422 with at least one validation issue. */
export function itRejectsWhatHibiApiRejects(urls: readonly string[], get: () => MirrorTest): void {
  it('rejects what HibiAPI rejects', async () => {
    const { t } = get();
    for (const url of urls) {
      const res = await t.app.inject({ url: `/api/pixiv/${url}` });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().validation.length, url).toBeGreaterThan(0);
    }
  });
}

/** max-age is the entry's remaining life: its full lifetime when fresh, a little less on a hit. */
export function expectMaxAge(header: unknown, ttl: number): void {
  const age = Number(/^max-age=(\d+)$/.exec(String(header))?.[1]);
  expect(age).toBeLessThanOrEqual(ttl);
  expect(age).toBeGreaterThan(ttl - 5);
}
