/**
 * Ugoira frames on demand (spec 001 §4): the metadata (`/api/pixiv/ugoira_metadata`, kept like a
 * detail), then the zip's decoded frames, kept per work for the download formats to export.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import {
  loadUgoira,
  type LoadedUgoira,
  type UgoiraFrame,
  type UgoiraMeta,
} from '../../lib/ugoira.ts';

interface RawUgoiraMetadata {
  ugoira_metadata: { zip_urls: { medium: string }; frames: { file: string; delay: number }[] };
}

/** Loaded works by id (zip, metadata, decoded frames): what the ugoira download formats encode. */
export const decodedUgoira = new Map<number, LoadedUgoira>();

export function useUgoiraLoader(imageProxy?: string) {
  const api = useApi();
  const client = useQueryClient();
  return useCallback(
    async (id: number, onProgress: (fraction: number) => void): Promise<UgoiraFrame[]> => {
      const kept = decodedUgoira.get(id);
      if (kept) return kept.frames;
      const meta = await client.fetchQuery({
        queryKey: ['ugoira-metadata', id],
        staleTime: Infinity,
        queryFn: async ({ signal }): Promise<UgoiraMeta> => {
          const raw = unwrap(
            await api.get<RawUgoiraMetadata>('ugoira_metadata', { id }, signal),
          ).ugoira_metadata;
          return { zip: raw.zip_urls.medium, frames: raw.frames };
        },
      });
      const loaded = await loadUgoira(meta, onProgress, imageProxy);
      decodedUgoira.set(id, loaded);
      return loaded.frames;
    },
    [api, client, imageProxy],
  );
}
