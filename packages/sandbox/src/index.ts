/**
 * The pixiv upstream simulator. `startSandbox()` listens on loopback and returns the base URL of
 * every simulated host, ready to inject into the pixiv client (`UpstreamHosts`).
 */
import type { UpstreamHosts } from '@pv/core';
import { SANDBOX_HOSTS, buildSandboxApp } from './app.ts';
import { warmLiveStreams } from './media/hls.ts';
import { sweepStaleTempDirs } from './media/temp-dirs.ts';
import type { SandboxOptions, SandboxState } from './state.ts';

export { buildSandboxApp, routeByHost, SANDBOX_HOSTS } from './app.ts';
export { DEMO_ACCOUNTS, type DemoAccount } from './accounts.ts';
export { DEFAULT_SEED, type SandboxOptions, SandboxState } from './state.ts';
export {
  Faults,
  parseFaultRules,
  parseFaultSpec,
  RATE_LIMIT_BODY,
  type FaultRule,
  type FaultSpec,
} from './faults/faults.ts';
export { ILLUST_RANKING_MODES, latestRankingDay } from './data/ranking.ts';
export { deletedWorks, type DeletedWork } from './data/deleted.ts';
export {
  sandboxTranslateHosts,
  TRANSLATE_HOSTS,
  type TranslateHosts,
} from './hosts/translate/index.ts';
export { translateText } from './hosts/translate/translator.ts';
export { ffmpegPath, ffmpegStartError } from './media/ffmpeg.ts';
export {
  killOnExit,
  makeTempDir,
  removeTempDir,
  sweepStaleTempDirs,
  type TempDirKind,
} from './media/temp-dirs.ts';

export interface StartSandboxOptions extends SandboxOptions {
  /** Encode the live streams' video in the background right after start (default true). */
  warmMedia?: boolean;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
}

export interface RunningSandbox {
  baseUrl: string;
  hosts: UpstreamHosts;
  state: SandboxState;
  close(): Promise<void>;
}

/** The base URL of each host when the sandbox runs at `baseUrl`. */
export function sandboxHosts(baseUrl: string): UpstreamHosts {
  const base = baseUrl.replace(/\/$/, '');
  return {
    appApi: `${base}/${SANDBOX_HOSTS.appApi}`,
    oauth: `${base}/${SANDBOX_HOSTS.oauth}`,
    www: `${base}/${SANDBOX_HOSTS.www}`,
    pximg: `${base}/${SANDBOX_HOSTS.pximg}`,
    spximg: `${base}/${SANDBOX_HOSTS.spximg}`,
    pixivision: `${base}/${SANDBOX_HOSTS.pixivision}`,
    sketch: `${base}/${SANDBOX_HOSTS.sketch}`,
    sketchImg: `${base}/${SANDBOX_HOSTS.sketchImg}`,
    imageSearch: `${base}/${SANDBOX_HOSTS.imageSearch}`,
  };
}

/** The viewer's own services on a sandbox at `baseUrl` (hosts/viewer-services.ts). */
export function sandboxServices(baseUrl: string): {
  pidRecover: string;
  notices: string;
  sensitiveWords: string;
} {
  const base = `${baseUrl.replace(/\/$/, '')}/${SANDBOX_HOSTS.viewerServices}`;
  return {
    pidRecover: base,
    notices: `${base}/notice.json`,
    sensitiveWords: `${base}/sensitive-words.json`,
  };
}

export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const { app, state } = buildSandboxApp(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // what a killed sandbox or server left in the temporary folder
  sweepStaleTempDirs();
  if (options.warmMedia !== false) warmLiveStreams();
  return { baseUrl, hosts: sandboxHosts(baseUrl), state, close: () => app.close() };
}
