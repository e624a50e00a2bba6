/**
 * The image proxy the user chose (spec 001 §3 "image proxy"; §5.2: a new one is checked before it
 * is kept). The choices are the sources this site's server allows (its security policy loads
 * pictures from them alone); "automatic" keeps the server's order. A choice is checked with a
 * picture request through it (spec 001 §5.3): a ranking's first thumbnail, which exists on every
 * upstream.
 */
import { useCallback } from 'react';
import { toProxiedImageUrl, type RawIllustListResponse } from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { IMAGE_SOURCE_TIMEOUT_MS, OWN_IMAGE_SOURCE, proxyBase } from '../../lib/image-fallback.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** The chosen source, or null for automatic (the server's order). */
export function readImageProxy(storage: Storage = localStorage): string | null {
  return proxyBase(storage.getItem(STORAGE_KEYS.imageProxy));
}

/** Keeps a checked choice; null goes back to automatic. */
export function saveImageProxy(source: string | null, storage: Storage = localStorage): void {
  if (source === null) storage.removeItem(STORAGE_KEYS.imageProxy);
  else storage.setItem(STORAGE_KEYS.imageProxy, source);
}

/** Whether a picture loads from `url` within the time limit. */
export function loadsPicture(url: string, timeoutMs = IMAGE_SOURCE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    const timer = window.setTimeout(() => done(false), timeoutMs);
    function done(ok: boolean) {
      window.clearTimeout(timer);
      img.onload = img.onerror = null;
      resolve(ok);
    }
    img.onload = () => done(img.naturalWidth > 0);
    img.onerror = () => done(false);
    img.src = url;
  });
}

/**
 * Checks a source with one picture through it: `picture` is an upstream (i.pximg.net) URL. An
 * invalid source is refused before any request.
 */
export async function checkImageProxy(
  source: string,
  picture: string,
  load: (url: string) => Promise<boolean> = loadsPicture,
): Promise<{ ok: true; source: string } | { ok: false; reason: 'invalid_url' | 'connect_error' }> {
  const base = proxyBase(source);
  if (!base) return { ok: false, reason: 'invalid_url' };
  const url = toProxiedImageUrl(picture, base === OWN_IMAGE_SOURCE ? '' : base);
  if (!url) return { ok: false, reason: 'connect_error' };
  return (await load(url)) ? { ok: true, source: base } : { ok: false, reason: 'connect_error' };
}

/** The check of a source with today's ranking's first thumbnail (asked of the mirror). */
export function useImageProxyCheck() {
  const api = useApi();
  return useCallback(
    async (source: string) => {
      const rank = await api.get<RawIllustListResponse>('rank', { mode: 'day' });
      const picture = rank.status === 0 ? rank.data.illusts?.[0]?.image_urls.square_medium : '';
      return checkImageProxy(source, picture ?? '');
    },
    [api],
  );
}
