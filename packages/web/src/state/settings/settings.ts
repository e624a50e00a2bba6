/**
 * The app's settings: one validated object with the spec's defaults, persisted in localStorage
 * and kept in step across tabs. Unknown or malformed stored values fall back to defaults field by
 * field, so a bad value never loses the rest.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_CONTENT_SETTINGS, type BlockLists, type ContentSettings } from '@pv/core';
import { STORAGE_KEYS } from './storage-keys.ts';

export interface Settings {
  content: ContentSettings;
  blocks: BlockLists;
}

export const DEFAULT_SETTINGS: Settings = {
  content: { ...DEFAULT_CONTENT_SETTINGS },
  blocks: { tags: [], authorIds: [] },
};

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Reads a stored value into a complete Settings object. */
export function parseSettings(raw: string | null): Settings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const content = (stored.content ?? {}) as Partial<Record<keyof ContentSettings, unknown>>;
  const blocks = (stored.blocks ?? {}) as { tags?: unknown; authorIds?: unknown };
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
  };
}

let cachedRaw: string | null | undefined;
let cached: Settings = DEFAULT_SETTINGS;
const listeners = new Set<() => void>();

function read(): Settings {
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
  for (const l of listeners) l();
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, read, () => DEFAULT_SETTINGS);
}
