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

/** Shows a toast for 2500 ms. The same message twice in a row is shown once. */
export function showToast(key: string, options: { error?: boolean } = {}): void {
  if (toasts.some((t) => t.key === key)) return;
  const toast = { id: nextId++, key, error: options.error ?? false };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== toast.id);
    emit();
  }, TOAST_MS);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
}
