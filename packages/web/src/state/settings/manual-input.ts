/**
 * Manual input mode (spec 001 §2.7, §3 "manual-input flag"): the image proxy and the API base
 * are typed as addresses instead of chosen from lists. Off by default: the lists hold what this
 * site's server allows, which is what works under its security policy.
 */
import { STORAGE_KEYS } from './storage-keys.ts';

export function readManualInput(storage: Storage = localStorage): boolean {
  return storage.getItem(STORAGE_KEYS.manualInput) === '1';
}

export function saveManualInput(on: boolean, storage: Storage = localStorage): void {
  if (on) storage.setItem(STORAGE_KEYS.manualInput, '1');
  else storage.removeItem(STORAGE_KEYS.manualInput);
}
