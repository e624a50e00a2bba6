/**
 * Toasts (spec 000 §8, 2500 ms): short messages by i18n key, optionally with an error icon.
 * A tiny store so that any code (the list engine, a failed bookmark) can show one.
 */
import { useSyncExternalStore } from 'react';
import { TOAST_MS } from '@pv/core';

export interface Toast {
  id: number;
  /** An i18n key. */
  key: string;
  error: boolean;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Toasts whose 2500 ms have started: counted from when a toaster can show them. */
const started = new Set<number>();

function startTimers() {
  if (listeners.size === 0) return;
  for (const toast of toasts) {
    if (started.has(toast.id)) continue;
    started.add(toast.id);
    setTimeout(() => {
      toasts = toasts.filter((t) => t.id !== toast.id);
      started.delete(toast.id);
      emit();
    }, TOAST_MS);
  }
}

/**
 * Shows a toast for 2500 ms. The same message twice in a row is shown once. A toast raised before
 * the toaster is on screen (a startup message on a slow device) waits for it, so that it is seen
 * for its full time.
 */
export function showToast(key: string, options: { error?: boolean } = {}): void {
  if (toasts.some((t) => t.key === key)) return;
  const toast = { id: nextId++, key, error: options.error ?? false };
  toasts = [...toasts, toast];
  emit();
  startTimers();
}

/**
 * Drops every toast. For tests: the web tests share modules between files, and a toast raised
 * where no toaster was mounted would otherwise wait for the next file's.
 */
export function clearToasts(): void {
  toasts = [];
  started.clear();
  emit();
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      startTimers();
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
}
