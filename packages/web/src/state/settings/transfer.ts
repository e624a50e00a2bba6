/**
 * Settings export and import (spec 001 §2.7, §5.2): a `.txt` file holding an encoded JSON map of
 * the stored settings (base64 of UTF-8 JSON, so any text editor or mail keeps it intact). The
 * login (refresh token, session) is never written into the file: a settings backup that is
 * shared must not sign anyone into the account. An import is checked whole before anything is
 * written, so a bad file changes nothing.
 */
import { parseSettings } from './settings.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** The stored values a backup carries (every setting; no login, no history, no caches). */
export const TRANSFER_KEYS = [
  STORAGE_KEYS.settings,
  STORAGE_KEYS.language,
  STORAGE_KEYS.apiBase,
  STORAGE_KEYS.nsfw,
] as const;

export const EXPORT_FILE_NAME = 'pixiv-viewer-settings.txt';

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): string {
  const binary = atob(text.trim());
  return new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(binary, (c) => c.charCodeAt(0)),
  );
}

/** The file's text: every transferable key that is set, encoded. */
export function exportSettings(storage: Storage = localStorage): string {
  const map: Record<string, string> = {};
  for (const key of TRANSFER_KEYS) {
    const value = storage.getItem(key);
    if (value !== null) map[key] = value;
  }
  return toBase64(JSON.stringify(map));
}

/** Why a file was refused (shown after 'Error'). */
export class ImportError extends Error {}

/** Reads a backup; throws ImportError, and leaves storage untouched, when it is not one. */
export function decodeSettings(text: string): Record<string, string> {
  let map: unknown;
  try {
    map = JSON.parse(fromBase64(text));
  } catch {
    throw new ImportError('not a settings file');
  }
  if (!map || typeof map !== 'object' || Array.isArray(map))
    throw new ImportError('not a settings file');
  const entries = Object.entries(map as Record<string, unknown>);
  if (entries.length === 0) throw new ImportError('the file holds no settings');
  for (const [key, value] of entries) {
    if (!(TRANSFER_KEYS as readonly string[]).includes(key))
      throw new ImportError(`unknown setting ${JSON.stringify(key.slice(0, 40))}`);
    if (typeof value !== 'string') throw new ImportError(`bad value for ${key}`);
  }
  const settings = (map as Record<string, string>)[STORAGE_KEYS.settings];
  if (settings !== undefined) {
    try {
      const parsed: unknown = JSON.parse(settings);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
    } catch {
      throw new ImportError(`bad value for ${STORAGE_KEYS.settings}`);
    }
  }
  return map as Record<string, string>;
}

/**
 * Replaces the stored settings by the backup's: a key the backup lacks is removed (it was at
 * its default when exported). The settings object is written validated (parseSettings).
 */
export function importSettings(text: string, storage: Storage = localStorage): void {
  const map = decodeSettings(text);
  for (const key of TRANSFER_KEYS) {
    const value = map[key];
    if (value === undefined) storage.removeItem(key);
    else if (key === STORAGE_KEYS.settings)
      storage.setItem(key, JSON.stringify(parseSettings(value)));
    else storage.setItem(key, value);
  }
}
