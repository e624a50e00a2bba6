/**
 * The app's settings: one validated object with the spec's defaults, persisted in localStorage
 * and kept in step across tabs. Unknown or malformed stored values fall back to defaults field by
 * field, so a bad value never loses the rest.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import { DEFAULT_CONTENT_SETTINGS, type BlockLists, type ContentSettings } from '@pv/core';
import { NSFW_ON } from '../../lib/startup-checks.ts';
import { mirrorFirstPaint } from './first-paint-cookie.ts';
import { DEFAULT_READER, parseReader, type ReaderConfig } from './reader.ts';
import {
  DEFAULT_APP_SETTINGS,
  EXCLUSIVE_PAIRS,
  parseAppSettings,
  type AppSettings,
} from './schema.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

export type { AppSettings } from './schema.ts';
export type { ReaderConfig } from './reader.ts';

export interface Settings {
  content: ContentSettings;
  blocks: BlockLists;
  /** The app settings of spec 001 §3. */
  app: AppSettings;
  /** The novel reader's text config. */
  reader: ReaderConfig;
}

export const DEFAULT_SETTINGS: Settings = {
  content: { ...DEFAULT_CONTENT_SETTINGS },
  blocks: { tags: [], authorIds: [] },
  app: { ...DEFAULT_APP_SETTINGS },
  reader: { ...DEFAULT_READER },
};

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Reads a stored value into a complete Settings object. */
export function parseSettings(raw: string | null): Settings {
  let stored: Record<string, unknown> = {};
  try {
    stored = record(raw ? JSON.parse(raw) : {});
  } catch {
    stored = {};
  }
  const content = record(stored.content);
  const blocks = record(stored.blocks);
  return {
    content: {
      r18: bool(content.r18, DEFAULT_SETTINGS.content.r18),
      r18g: bool(content.r18g, DEFAULT_SETTINGS.content.r18g),
      ai: bool(content.ai, DEFAULT_SETTINGS.content.ai),
    },
    blocks: {
      tags: Array.isArray(blocks.tags)
        ? [...new Set(blocks.tags.filter((t): t is string => typeof t === 'string'))]
        : [],
      authorIds: Array.isArray(blocks.authorIds)
        ? [...new Set(blocks.authorIds.filter((n): n is number => Number.isSafeInteger(n)))]
        : [],
    },
    app: parseAppSettings(record(stored.app)),
    reader: parseReader(record(stored.reader)),
  };
}

let cachedRaw: string | null | undefined;
let cached: Settings = DEFAULT_SETTINGS;
const listeners = new Set<() => void>();

/** The current settings, outside React (startup, the router). */
export function readSettings(): Settings {
  const raw = localStorage.getItem(STORAGE_KEYS.settings);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseSettings(raw);
  }
  return cached;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.settings || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function saveSettings(next: Settings): void {
  localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(next));
  // the server paints the next page in these before the app runs
  mirrorFirstPaint(next);
  for (const l of listeners) l();
}

/** Changes one part of the settings and saves. */
export function updateSettings(change: (current: Settings) => Settings): void {
  saveSettings(change(readSettings()));
}

/**
 * Sets one app setting. Turning on one member of an exclusive pair (long-press block or
 * download; folder or helper-script download) turns the other off.
 */
export function setAppSetting<K extends keyof AppSettings>(key: K, value: AppSettings[K]): void {
  updateSettings((s) => {
    const app = { ...s.app, [key]: value };
    if (value === true) {
      for (const [a, b] of EXCLUSIVE_PAIRS) {
        if (key === a) app[b] = false as never;
        if (key === b) app[a] = false as never;
      }
    }
    return { ...s, app: parseAppSettings(app) };
  });
}

/** Adds an author or a tag to the block lists (kept de-duplicated). */
export function addBlock(block: { authorId?: number; tag?: string }): void {
  updateSettings((s) => ({
    ...s,
    blocks: {
      tags:
        block.tag && !s.blocks.tags.includes(block.tag)
          ? [...s.blocks.tags, block.tag]
          : s.blocks.tags,
      authorIds:
        block.authorId !== undefined && !s.blocks.authorIds.includes(block.authorId)
          ? [...s.blocks.authorIds, block.authorId]
          : s.blocks.authorIds,
    },
  }));
}

/** Sets one content switch (r18, r18g, ai); the confirmations are the screen's. */
export function setContentSetting(key: keyof ContentSettings, value: boolean): void {
  updateSettings((s) => ({ ...s, content: { ...s.content, [key]: value } }));
}

/** Replaces both block lists (the content display page's text areas), de-duplicated. */
export function setBlockLists(blocks: BlockLists): void {
  updateSettings((s) => ({
    ...s,
    blocks: { tags: [...new Set(blocks.tags)], authorIds: [...new Set(blocks.authorIds)] },
  }));
}

/** The NSFW-on flag of spec 001 §3, set when adult content is switched on, removed when off. */
export function setNsfwFlag(on: boolean): void {
  if (on) localStorage.setItem(STORAGE_KEYS.nsfw, NSFW_ON);
  else localStorage.removeItem(STORAGE_KEYS.nsfw);
}

/**
 * The settings a page was rendered with on the server (issue 33: the defaults with the layout and
 * content filters of the first-paint cookie): useSettings' server snapshot, which the server's
 * render reads and the app's hydration of that page reads too, so both draw the same markup; the
 * next render reads the real settings. The defaults without a provider.
 */
export const ServerSettingsContext = createContext<Settings>(DEFAULT_SETTINGS);

export function useSettings(): Settings {
  const server = useContext(ServerSettingsContext);
  return useSyncExternalStore(subscribe, readSettings, () => server);
}

/**
 * One app setting, for the screens that follow it (the artwork page's resolution, viewer and
 * fit-to-screen; the download buttons' template and formats). Re-renders when it changes.
 */
export function useAppSetting<K extends keyof AppSettings>(key: K): AppSettings[K] {
  return useSettings().app[key];
}

/** The novel reader's text config (size, line height, weight, font, direction, colours). */
export function useReaderConfig(): ReaderConfig {
  return useSettings().reader;
}

/** Changes part of the reader config; values are clamped into the spec's bounds (reader.ts). */
export function setReaderConfig(patch: Partial<ReaderConfig>): void {
  updateSettings((s) => ({ ...s, reader: parseReader({ ...s.reader, ...patch }) }));
}
