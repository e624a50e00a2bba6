/**
 * Shared by the conformance suites: a sandbox on a real loopback port, and the two ways the
 * third-party clients are pointed at it without patching them (reference/conformance.md §1):
 * an interceptor on the axios copy a package resolves, or a wrapper around `globalThis.fetch`.
 * Every request is rewritten from pixiv's origin to the sandbox's `/<hostname>/…` prefix; a
 * request to any other origin is refused, so the suites never leave 127.0.0.1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startSandbox, type RunningSandbox } from '../index.ts';
import type { Work } from '../data/dataset.ts';
import type { Novel } from '../data/novels.ts';
import { DEMO_ACCOUNTS } from '../accounts.ts';
import { TEST_NOW } from '../test-helpers.ts';

/** The pixiv origins the clients hard-code and the sandbox serves. */
export const PIXIV_HOSTNAMES = [
  'app-api.pixiv.net',
  'oauth.secure.pixiv.net',
  'www.pixiv.net',
  'i.pximg.net',
  's.pximg.net',
] as const;

export const DEMO_REFRESH_TOKEN = DEMO_ACCOUNTS[0]!.refreshToken;
export const DEMO_USER_ID = DEMO_ACCOUNTS[0]!.userId;

/** The sandbox at TEST_NOW on 127.0.0.1 and a free port. */
export function startConformanceSandbox(): Promise<RunningSandbox> {
  return startSandbox({ now: TEST_NOW, host: '127.0.0.1', port: 0, warmMedia: false });
}

/** The newest all-ages work of a kind published before the sandbox's present, with `pages`+. */
export function newestWork(sandbox: RunningSandbox, kind: Work['kind'], pages = 1): Work {
  const d = sandbox.state.data;
  for (let i = d.firstIndexFrom(sandbox.state.now) - 1; i >= 0; i--) {
    const work = d.work(i);
    if (work.kind === kind && work.xRestrict === 0 && work.pageCount >= pages) return work;
  }
  throw new Error(`no ${kind} in the dataset`);
}

/** The newest all-ages novel published by the sandbox's present that passes `test`. */
export function newestNovelWhere(sandbox: RunningSandbox, test: (novel: Novel) => boolean): Novel {
  const novels = sandbox.state.novels;
  for (let i = novels.firstIndexFrom(sandbox.state.now) - 1; i >= 0; i--) {
    const novel = novels.at(i);
    if (novel.xRestrict === 0 && test(novel)) return novel;
  }
  throw new Error('no such novel in the dataset');
}

/** The newest all-ages novel, one in a series of at least two when asked. */
export function newestNovel(sandbox: RunningSandbox, inSeries = false): Novel {
  const novels = sandbox.state.novels;
  return newestNovelWhere(
    sandbox,
    (novel) =>
      !inSeries || (novel.series !== null && novels.seriesOf(novel.series.id)!.novels.length >= 2),
  );
}

/** The sandbox URL of a pixiv URL; throws for anything that is neither pixiv nor the sandbox. */
export function toSandbox(url: string, baseUrl: string): string {
  const u = new URL(url);
  if (u.origin === new URL(baseUrl).origin) return url;
  if (u.protocol !== 'https:' || !(PIXIV_HOSTNAMES as readonly string[]).includes(u.hostname)) {
    throw new Error(`conformance: refusing a request to ${u.origin}`);
  }
  return `${baseUrl}/${u.hostname}${u.pathname}${u.search}`;
}

interface AxiosRequestLike {
  url?: string;
  baseURL?: string;
}

/** The part of axios (0.21 and 1.x alike) the interceptor needs. */
export interface AxiosLike {
  interceptors: {
    request: {
      use(onFulfilled: (config: AxiosRequestLike) => AxiosRequestLike): number;
      eject(id: number): void;
    };
  };
}

/** The axios module exactly as `packageName` resolves it (its own nested copy, if it has one). */
export function axiosOf(packageName: string): AxiosLike {
  const fromHere = createRequire(import.meta.url);
  const fromPackage = createRequire(fromHere.resolve(packageName));
  return fromPackage('axios') as AxiosLike;
}

/**
 * Routes every request made through `axios` (the default instance) to the sandbox. Returns the
 * function that removes the interceptor.
 */
export function interceptAxios(axios: AxiosLike, baseUrl: string): () => void {
  const id = axios.interceptors.request.use((config) => {
    const absolute = config.baseURL
      ? new URL(config.url ?? '', config.baseURL).toString()
      : (config.url ?? '');
    config.url = toSandbox(absolute, baseUrl);
    config.baseURL = undefined;
    return config;
  });
  return () => axios.interceptors.request.eject(id);
}

/** Routes every `fetch` to the sandbox until the returned function restores the original. */
export function interceptFetch(baseUrl: string): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    return original(toSandbox(url, baseUrl), init);
  };
  return () => {
    globalThis.fetch = original;
  };
}

/**
 * The real pixiv captures, in the repository's `fixtures/` folder (with their sources and
 * licences in its SOURCES.md), so the tests need nothing beside a fresh clone.
 */
export const FIXTURES_DIR = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

/** One capture, parsed; fails with a clear message when the fixtures folder is missing. */
export function readFixture(name: string, dir = FIXTURES_DIR): unknown {
  if (!existsSync(dir)) {
    throw new Error(
      `The real pixiv captures are missing: expected the folder ${dir} ` +
        "(the repository's fixtures/ folder).",
    );
  }
  return JSON.parse(readFileSync(`${dir}${name}`, 'utf8')) as unknown;
}

/**
 * A form POST to the app API (`application/x-www-form-urlencoded`) with a bearer token, through
 * the global fetch, so an `interceptFetch` in place routes it to the sandbox: the actions a
 * client under test cannot make itself.
 */
export function appFormPost(
  accessToken: string,
  path: string,
  form: Record<string, string>,
): Promise<Response> {
  return fetch(`https://app-api.pixiv.net${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
}
