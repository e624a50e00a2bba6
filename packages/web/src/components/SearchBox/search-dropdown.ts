import { SEARCH_HISTORY_MAX } from '@pv/core';

/** What the search box's dropdown lists below its numeric shortcuts. */
export type SearchDropdownPart = 'history' | 'suggestions' | 'none';

/**
 * Spec 000 §2, §5: while no word is being typed (the pending word is empty) the dropdown lists
 * the search history; while one is typed it lists tag suggestions, which are offered only outside
 * self-hosted mode (there it lists nothing but the shortcuts).
 */
export function searchDropdownPart(pending: string, selfHosted: boolean): SearchDropdownPart {
  if (pending.trim() === '') return 'history';
  return selfHosted ? 'none' : 'suggestions';
}

/** The history entries the dropdown lists: the stored order (newest first), 20 at most. */
export function historyEntries(history: readonly string[]): string[] {
  return history.slice(0, SEARCH_HISTORY_MAX);
}
