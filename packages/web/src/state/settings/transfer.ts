/**
 * Settings export and import (spec 001 §2.7, §5.2): a `.txt` file holding an encoded JSON map of
 * the stored settings (base64 of UTF-8 JSON, so any text editor or mail keeps it intact). The
 * login (refresh token, session) is never written into the file: a settings backup that is
 * shared must not sign anyone into the account; of the client config it carries the API modes
 * alone. An import is checked whole before anything is written, so a bad file changes nothing.
 */
import { parseSettings } from './settings.ts';
import { DEFAULT_API_MODES, apiModesOf, parseApiModes, withApiModes } from './client-config.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * The stored values a backup carries (every setting; no login, no history, no caches). The
 * client config's entry holds its API modes only, never the token.
 */
export const TRANSFER_KEYS = [
  STORAGE_KEYS.settings,
  STORAGE_KEYS.language,
  STORAGE_KEYS.apiBase,
  STORAGE_KEYS.nsfw,
  STORAGE_KEYS.manualInput,
  STORAGE_KEYS.clientConfig,
] as const;

const isDefaultModes = (text: string) =>
  JSON.stringify(apiModesOf(text)) === JSON.stringify(DEFAULT_API_MODES);

function isObjectText(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return !!parsed && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

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
    if (value === null) continue;
    if (key !== STORAGE_KEYS.clientConfig) map[key] = value;
    else if (!isDefaultModes(value)) map[key] = JSON.stringify(apiModesOf(value));
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
  for (const key of [STORAGE_KEYS.settings, STORAGE_KEYS.clientConfig]) {
    const value = (map as Record<string, string>)[key];
    if (value !== undefined && !isObjectText(value)) throw new ImportError(`bad value for ${key}`);
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
    if (key === STORAGE_KEYS.clientConfig) {
      // the API modes only: the login kept in this browser stays as it is
      const modes = value === undefined ? DEFAULT_API_MODES : parseApiModes(JSON.parse(value));
      const stored = storage.getItem(key);
      if (stored !== null || value !== undefined) storage.setItem(key, withApiModes(stored, modes));
    } else if (value === undefined) storage.removeItem(key);
    else if (key === STORAGE_KEYS.settings)
      storage.setItem(key, JSON.stringify(parseSettings(value)));
    else storage.setItem(key, value);
  }
}
