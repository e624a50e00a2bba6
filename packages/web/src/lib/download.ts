/**
 * Downloads an artwork's pages (long press with isLongpressDL): each image is fetched through the
 * image proxy and saved under the dlFileNameTpl name. When a download fails, the image opens in a
 * new tab instead (spec 000 §8), so the user can still save it.
 */
import { toProxiedImageUrl, type Artwork } from '@pv/core';
import { extensionOf, formatFileName } from './file-name.ts';

export interface DownloadOptions {
  template: string;
  imageProxy?: string;
  /** Only these pages (0-based); every page when absent. */
  pages?: readonly number[];
  /** Injected for tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

/** The best available image of a page: the original when upstream gives one. */
function pageUrl(image: Artwork['images'][number]): string {
  return image.o || image.l || image.m;
}

/** Saves a blob under `name` through a temporary link. */
export function save(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: the browser reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Saves every page; returns how many were saved (the rest were opened in new tabs). */
export async function downloadArtwork(artwork: Artwork, options: DownloadOptions): Promise<number> {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let saved = 0;
  for (const [index, image] of artwork.images.entries()) {
    if (options.pages && !options.pages.includes(index)) continue;
    const url = toProxiedImageUrl(pageUrl(image), options.imageProxy);
    try {
      const res = await doFetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const blob = await res.blob();
      save(
        blob,
        formatFileName(options.template, { artwork, index, ext: extensionOf(pageUrl(image)) }),
      );
      saved++;
    } catch {
      window.open(url, '_blank', 'noopener');
    }
  }
  return saved;
}
