/** `/api/config`: what the server tells the app about itself (image proxy, upstream kind). */
import { useMemo } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { imageSources, useImageProxy } from '../../lib/image-fallback.ts';
import { reportNetwork } from '../ui/network.ts';

export interface ServerConfig {
  upstream: 'sandbox' | 'pixiv';
  imageProxy: string | null;
  /** Further image proxies (IMAGE_PROXIES), tried after `imageProxy` and offered in preferences. */
  imageProxies: string[];
  /** Self-hosted mode: search history instead of autocomplete, discovery shown (spec 000 §1). */
  selfHosted: boolean;
  /** Other sites running this viewer (MIRRORS), for the about page. */
  mirrors: string[];
  /** The sandbox's demo accounts, for the login page; empty against pixiv. */
  demoAccounts: DemoAccountChoice[];
}

/** A sandbox demo account as the login page offers it (packages/sandbox/README.md). */
export interface DemoAccountChoice {
  account: string;
  name: string;
  /** For the sandbox's sign-in page (the OAuth login). */
  password: string;
  refreshToken: string;
  /** The account's www session (PHPSESSID), for the session login. */
  session: string;
  /** 0 all ages only, 1 R-18, 2 R-18 and R-18G. */
  xRestrict: 0 | 1 | 2;
  premium: boolean;
}

const DEFAULT_CONFIG: ServerConfig = {
  upstream: 'pixiv',
  imageProxy: null,
  imageProxies: [],
  selfHosted: true,
  mirrors: [],
  demoAccounts: [],
};

/** The id of the page's config block (packages/server src/routes/spa.ts SERVER_CONFIG_ID). */
export const SERVER_CONFIG_ID = 'pv-config';

/**
 * Asks the server for its config; null when it answers with an error. Asked at every start: no
 * answer at all is how an offline start shows.
 */
async function askConfig(): Promise<ServerConfig | null> {
  const res = await fetch('/api/config').catch((err: unknown) => {
    if (err instanceof TypeError) reportNetwork(false);
    throw err;
  });
  reportNetwork(true);
  return res.ok ? ((await res.json()) as ServerConfig) : null;
}

/** The config query's key (not kept in IndexedDB: providers.tsx). */
export const SERVER_CONFIG_KEY = 'server-config';

const CONFIG_QUERY = {
  queryKey: [SERVER_CONFIG_KEY],
  queryFn: async (): Promise<ServerConfig> => (await askConfig()) ?? DEFAULT_CONFIG,
  staleTime: Infinity,
};

/**
 * What the page's config block says (the server's `/api/config` answer, carried in every page it
 * serves), or null: no block (a page from elsewhere) or not a config.
 */
export function readPageConfig(doc: Document = document): ServerConfig | null {
  const text = doc.getElementById(SERVER_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ServerConfig> | null;
    if (
      typeof value !== 'object' ||
      value === null ||
      typeof value.selfHosted !== 'boolean' ||
      (value.upstream !== 'sandbox' && value.upstream !== 'pixiv')
    ) {
      return null;
    }
    return { ...DEFAULT_CONFIG, ...value };
  } catch {
    return null;
  }
}

/**
 * Puts the server's config into the query, as its answer: for the app's first render (the
 * page's block, `startServerConfig`) and for the server's render of a page (entry-server.tsx).
 */
export function seedServerConfig(client: QueryClient, config: ServerConfig): void {
  client.setQueryData(CONFIG_QUERY.queryKey, config);
}

/**
 * Starts the app with the server's config: the page's block, when there is one, is the query's
 * answer from the first render on (the homes' self-hosted rows are there or not from the start,
 * the login page lists the demo accounts at once). `/api/config` is asked all the same, as the
 * start's sign of being online, and its answer replaces the block's if the server changed since.
 * Resolves once that answer is in (or failed).
 */
export async function startServerConfig(
  client: QueryClient,
  config: ServerConfig | null,
): Promise<void> {
  if (!config) return; // the first render's query asks for it
  seedServerConfig(client, config);
  const answer = await askConfig().catch(() => null);
  if (answer) seedServerConfig(client, answer);
}

/**
 * The server's config, with `imageProxy` the image source the pictures use now: the user's
 * chosen proxy, the server's, or the one that worked after another failed (lib/image-fallback).
 */
export function useServerConfig(): ServerConfig {
  const { data } = useQuery(CONFIG_QUERY);
  const config = data ?? DEFAULT_CONFIG;
  const imageProxy = useImageProxy(config.imageProxy, config.imageProxies ?? []);
  return useMemo(
    () => (imageProxy === config.imageProxy ? config : { ...config, imageProxy }),
    [config, imageProxy],
  );
}

/**
 * The image sources the server allows (its security policy lets pictures load from them alone):
 * IMAGE_PROXY, IMAGE_PROXIES, then this server's `/i/`; the choices of the preferences page.
 */
export function useAllowedImageSources(): string[] {
  const { data } = useQuery(CONFIG_QUERY);
  return imageSources(null, data?.imageProxy, data?.imageProxies ?? []);
}

/**
 * Whether the server's answer is in: until then `useServerConfig` reads the defaults, so a call
 * only self-hosted mode makes (the popular preview) waits for this.
 */
export function useServerConfigLoaded(): boolean {
  return useQuery(CONFIG_QUERY).data !== undefined;
}

/**
 * The homes' self-hosted rows (spec 000 §1, §6): `shown` while the config is still unknown, so
 * that their loading placeholders hold the rows' place and nothing moves when the answer is in
 * (self-hosted is the default); `enabled` (their calls) only once the server says so.
 */
export function useSelfHostedRows(): { shown: boolean; enabled: boolean } {
  const { data } = useQuery(CONFIG_QUERY);
  const selfHosted = (data ?? DEFAULT_CONFIG).selfHosted;
  return { shown: selfHosted, enabled: data !== undefined && selfHosted };
}
