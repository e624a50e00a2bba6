/**
 * Where a download goes (spec 001 §2.7, §4): into the folder the user picked through the File
 * System Access API when the browser has it and preferDownloadByFsa is on (the handle is kept in
 * IndexedDB and its permission asked again when needed), optionally in a sub-folder per author
 * (dlSubDirByAuthor); otherwise the browser's own download (which has no sub-folders: names stay
 * within their 128 characters).
 */
import { get, set } from 'idb-keyval';
import { IDB_KEYS } from '../state/settings/storage-keys.ts';

/** The File System Access API's parts used here (not in TypeScript's DOM types everywhere). */
interface DirectoryHandle {
  kind: 'directory';
  name: string;
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DirectoryHandle>;
  getFileHandle(
    name: string,
    options?: { create?: boolean },
  ): Promise<{ createWritable(): Promise<WritableStream & { write(data: Blob): Promise<void> }> }>;
  queryPermission?(options: { mode: 'readwrite' }): Promise<PermissionState>;
  requestPermission?(options: { mode: 'readwrite' }): Promise<PermissionState>;
}

type PickerWindow = Window & {
  showDirectoryPicker?: (options?: { mode?: 'readwrite'; id?: string }) => Promise<DirectoryHandle>;
};

export interface SaveTarget {
  /** Save into the picked folder (where the browser can). */
  folder: boolean;
  /** The author's sub-folder, when dlSubDirByAuthor is on. */
  subDir?: string;
}

/** Characters no file system takes in a folder name. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}]/gu;

/** A folder name for an author: `name_id`, made safe, at most 64 characters. */
export function authorFolder(author: { id: number | string; name: string }): string {
  const name = `${author.name}_${author.id}`.replace(UNSAFE, '_').trim();
  return [...name].slice(0, 64).join('');
}

/** Saves a blob under `name` through a temporary link (the browser's download). */
export function saveByLink(blob: Blob, name: string): void {
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

let folder: DirectoryHandle | null = null;

/** Forgets the folder kept in memory (tests). */
export function forgetDownloadFolder(): void {
  folder = null;
}

/**
 * The download folder, ready to write: the kept one when its permission holds, else asked again
 * or picked anew. Needs a user gesture the first time; null where the browser cannot or the user
 * declines. Call it when the user clicks, before any long work.
 */
export async function downloadFolder(): Promise<DirectoryHandle | null> {
  const w = window as PickerWindow;
  if (typeof w.showDirectoryPicker !== 'function') return null;
  // (A browser without IndexedDB throws at once: the folder is then asked for each time.)
  folder ??=
    (await Promise.resolve()
      .then(() => get<DirectoryHandle>(IDB_KEYS.downloadFolder))
      .catch(() => undefined)) ?? null;
  if (folder) {
    const mode = { mode: 'readwrite' } as const;
    if ((await folder.queryPermission?.(mode)) === 'granted') return folder;
    if ((await folder.requestPermission?.(mode).catch(() => 'denied')) === 'granted') return folder;
  }
  try {
    folder = await w.showDirectoryPicker({ mode: 'readwrite', id: 'pv-downloads' });
  } catch {
    return null;
  }
  const picked = folder;
  await Promise.resolve()
    .then(() => set(IDB_KEYS.downloadFolder, picked))
    .catch(() => undefined);
  return folder;
}

/** Writes a blob into a folder (and its sub-folder). */
export async function saveInFolder(
  dir: DirectoryHandle,
  blob: Blob,
  name: string,
  subDir?: string,
): Promise<void> {
  const into = subDir ? await dir.getDirectoryHandle(subDir, { create: true }) : dir;
  const file = await into.getFileHandle(name, { create: true });
  const writable = await file.createWritable();
  await writable.write(blob);
  await writable.close();
}

/**
 * Saves a blob: into the picked folder when `target.folder` and the folder is there (resolved
 * beforehand by `downloadFolder`), else by the browser; returns where it went.
 */
export async function saveFile(
  blob: Blob,
  name: string,
  target: SaveTarget,
  dir?: DirectoryHandle | null,
): Promise<'folder' | 'download'> {
  if (target.folder && dir) {
    await saveInFolder(dir, blob, name, target.subDir);
    return 'folder';
  }
  saveByLink(blob, name);
  return 'download';
}

export type { DirectoryHandle };
