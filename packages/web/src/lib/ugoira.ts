/**
 * Ugoira frames (spec 001 §4 "Ugoira playback", §7.4): the 1920x1080 zip named by the metadata,
 * fetched through the image proxy with its download progress and a 60 s limit, unzipped with
 * fflate (loaded then: lib/fflate.ts) and decoded to bitmaps in frame order, each with its own
 * delay. The decoded frames are what the download formats export.
 */
import { toProxiedImageUrl } from '@pv/core';
import { loadFflate } from './fflate.ts';

/** The zip download's time limit (spec 001 §9). */
export const UGOIRA_ZIP_TIMEOUT_MS = 60_000;

export interface UgoiraMeta {
  zip: string;
  frames: { file: string; delay: number }[];
}

export interface UgoiraFrame {
  bitmap: ImageBitmap;
  /** ms */
  delay: number;
}

/** The metadata's zip (the 600x600 variant) as its 1920x1080 variant (spec 001 §7.4). */
export function fullSizeZip(url: string): string {
  return url.replace(/_ugoira\d+x\d+\.zip$/, '_ugoira1920x1080.zip');
}

/** Fetches the zip, telling `onProgress` the fraction done (0–1) as bytes arrive. */
export async function fetchZip(
  url: string,
  onProgress: (fraction: number) => void,
  options: { fetch?: typeof fetch; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Uint8Array> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? UGOIRA_ZIP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const res = await (options.fetch ?? fetch)(url, { signal });
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  const total = Number(res.headers.get('content-length')) || 0;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    if (total > 0) onProgress(Math.min(1, received / total));
  }
  const out = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  onProgress(1);
  return out;
}

/** The zip's frames in the metadata's order, decoded; a frame missing from the zip is an error. */
export async function decodeFrames(zip: Uint8Array, meta: UgoiraMeta): Promise<UgoiraFrame[]> {
  const { unzipSync } = await loadFflate();
  const files = unzipSync(zip);
  return Promise.all(
    meta.frames.map(async (frame) => {
      const bytes = files[frame.file];
      if (!bytes) throw new Error(`missing frame ${frame.file}`);
      const type = frame.file.endsWith('.png') ? 'image/png' : 'image/jpeg';
      return { bitmap: await createImageBitmap(new Blob([bytes], { type })), delay: frame.delay };
    }),
  );
}

/** A work's zip as fetched, its metadata and its decoded frames (what the downloads export). */
export interface LoadedUgoira {
  zip: Uint8Array;
  meta: UgoiraMeta;
  frames: UgoiraFrame[];
}

/** Fetches and decodes a work's frames. */
export async function loadUgoira(
  meta: UgoiraMeta,
  onProgress: (fraction: number) => void,
  imageProxy?: string,
): Promise<LoadedUgoira> {
  const zip = await fetchZip(toProxiedImageUrl(fullSizeZip(meta.zip), imageProxy), onProgress);
  return { zip, meta, frames: await decodeFrames(zip, meta) };
}

export type UgoiraState = 'idle' | 'loading' | 'playing' | 'paused';

/** The play control's next state; a toggle while loading is ignored (spec 001 §4). */
export function toggleUgoira(state: UgoiraState): UgoiraState {
  if (state === 'loading') return 'loading';
  if (state === 'idle') return 'loading';
  return state === 'playing' ? 'paused' : 'playing';
}
