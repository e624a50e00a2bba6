/**
 * Downloads an artwork's pictures (spec 001 §2.9, §3, §7.4): the current page or all pages, each
 * the original fetched through the image proxy and named by the dlFileNameTpl template; several
 * pages go into one zip (fflate, loaded then: lib/fflate.ts; stored: the pictures are compressed
 * already). The file goes into the picked folder (File System Access API, with the author's
 * sub-folder when asked) when the setting is on and the browser can, else it is the browser's
 * download. A page that cannot be fetched opens in a new tab instead (spec 000 §8), so the user can
 * still save it.
 */
import type { Zippable } from 'fflate';
import { toProxiedImageUrl, type Artwork } from '@pv/core';
import { extensionOf, formatFileName } from './file-name.ts';
import { loadFflate } from './fflate.ts';
import { authorFolder, downloadFolder, saveByLink, saveFile } from './save-file.ts';

export interface DownloadOptions {
  template: string;
  imageProxy?: string;
  /** Only these pages (0-based); every page when absent. */
  pages?: readonly number[];
  /** Save into the picked folder (preferDownloadByFsa) where the browser can. */
  folder?: boolean;
  /** A sub-folder per author inside the picked folder (dlSubDirByAuthor). */
  subDirByAuthor?: boolean;
  /** Injected for tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

/** The best available image of a page: the original when upstream gives one. */
export function pageUrl(image: Artwork['images'][number]): string {
  return image.o || image.l || image.m;
}

/** Saves a blob under `name` through a temporary link (the browser's download). */
export const save = saveByLink;

/**
 * Saves the pages asked for: one file for one page, one zip for several. Returns how many pages
 * were saved (the rest were opened in new tabs).
 */
export async function downloadArtwork(artwork: Artwork, options: DownloadOptions): Promise<number> {
  // Asked first, while the click that started the download still counts as a user gesture.
  const dir = options.folder ? await downloadFolder() : null;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const wanted = [...artwork.images.entries()].filter(
    ([index]) => !options.pages || options.pages.includes(index),
  );
  const files: { name: string; bytes: Uint8Array; type: string }[] = [];
  for (const [index, image] of wanted) {
    const url = toProxiedImageUrl(pageUrl(image), options.imageProxy);
    try {
      const res = await doFetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const name = formatFileName(options.template, {
        artwork,
        index,
        ext: extensionOf(pageUrl(image)),
      });
      files.push({
        name,
        bytes: new Uint8Array(await res.arrayBuffer()),
        type: res.headers.get('content-type') ?? '',
      });
    } catch {
      window.open(url, '_blank', 'noopener');
    }
  }
  if (files.length === 0) return 0;
  const target = {
    folder: options.folder ?? false,
    subDir: options.subDirByAuthor ? authorFolder(artwork.author) : undefined,
  };
  if (files.length === 1) {
    const { name, bytes, type } = files[0]!;
    await saveFile(new Blob([bytes as BlobPart], { type }), name, target, dir);
    return 1;
  }
  const { zipSync } = await loadFflate();
  const zipped: Zippable = {};
  for (const file of files) {
    zipped[file.name] = [file.bytes, { level: 0 }];
  }
  const first = wanted[0]![0];
  const last = wanted[wanted.length - 1]![0];
  const name = formatFileName(options.template, { artwork, index: `${first}-${last}`, ext: 'zip' });
  await saveFile(
    new Blob([zipSync(zipped) as BlobPart], { type: 'application/zip' }),
    name,
    target,
    dir,
  );
  return files.length;
}
