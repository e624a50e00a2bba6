/** `/api/config`: what the server tells the app about itself (image proxy, upstream kind). */
import { useQuery } from '@tanstack/react-query';

export interface ServerConfig {
  upstream: 'sandbox' | 'pixiv';
  imageProxy: string | null;
  /** Self-hosted mode: search history instead of autocomplete, discovery shown (spec 000 §1). */
  selfHosted: boolean;
  /** Other sites running this viewer (MIRRORS), for the about page. */
  mirrors: string[];
}

const DEFAULT_CONFIG: ServerConfig = {
  upstream: 'pixiv',
  imageProxy: null,
  selfHosted: true,
  mirrors: [],
};

const CONFIG_QUERY = {
  queryKey: ['server-config'],
  queryFn: async (): Promise<ServerConfig> => {
    const res = await fetch('/api/config');
    return res.ok ? ((await res.json()) as ServerConfig) : DEFAULT_CONFIG;
  },
  staleTime: Infinity,
};

export function useServerConfig(): ServerConfig {
  const { data } = useQuery(CONFIG_QUERY);
  return data ?? DEFAULT_CONFIG;
}

/**
 * Whether the server's answer is in: until then `useServerConfig` reads the defaults, so a call
 * only self-hosted mode makes (the popular preview) waits for this.
 */
export function useServerConfigLoaded(): boolean {
  return useQuery(CONFIG_QUERY).data !== undefined;
}
