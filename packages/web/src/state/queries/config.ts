/** `/api/config`: what the server tells the app about itself (image proxy, upstream kind). */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
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

const CONFIG_QUERY = {
  queryKey: ['server-config'],
  queryFn: async (): Promise<ServerConfig> => {
    const res = await fetch('/api/config').catch((err: unknown) => {
      // Asked at every start: no answer at all is how an offline start shows.
      if (err instanceof TypeError) reportNetwork(false);
      throw err;
    });
    reportNetwork(true);
    return res.ok ? ((await res.json()) as ServerConfig) : DEFAULT_CONFIG;
  },
  staleTime: Infinity,
};

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
