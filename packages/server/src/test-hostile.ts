/**
 * Test setup for the hostile upstream (packages/sandbox/src/hostile): a sandbox, the hostile
 * fixture in front of it, and the server built in-process on the fixture's hosts, as the
 * UPSTREAM_* variables point a deployment at it.
 */
import { startHostileUpstream, type HostileUpstream } from '@pv/sandbox/hostile';
import { startTestServer, type TestServer } from './test-helpers.ts';
import type { AppConfig } from './app.ts';

export interface HostileTestServer extends TestServer {
  hostile: HostileUpstream;
}

export async function startHostileTestServer(
  overrides: Omit<Partial<AppConfig>, 'hosts'> & { sandboxNow?: number } = {},
): Promise<HostileTestServer> {
  let hostile: HostileUpstream | undefined;
  const t = await startTestServer(overrides, async (sandbox) => {
    hostile = await startHostileUpstream({ target: sandbox.baseUrl });
    return hostile;
  });
  return { ...t, hostile: hostile! };
}
