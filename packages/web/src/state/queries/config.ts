/** `/api/config`: what the server tells the app about itself (image proxy, upstream kind). */
import { useQuery } from '@tanstack/react-query';

export interface ServerConfig {
  upstream: 'sandbox' | 'pixiv';
  imageProxy: string | null;
}

const DEFAULT_CONFIG: ServerConfig = { upstream: 'pixiv', imageProxy: null };

export function useServerConfig(): ServerConfig {
  const { data } = useQuery({
    queryKey: ['server-config'],
    queryFn: async (): Promise<ServerConfig> => {
      const res = await fetch('/api/config');
      return res.ok ? ((await res.json()) as ServerConfig) : DEFAULT_CONFIG;
    },
    staleTime: Infinity,
  });
  return data ?? DEFAULT_CONFIG;
}
