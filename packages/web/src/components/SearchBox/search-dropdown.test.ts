import { describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_MAX, addToSearchHistory } from '@pv/core';
import { historyEntries, searchDropdownPart } from './search-dropdown.ts';

describe('searchDropdownPart', () => {
  it('lists the history while no word is being typed, in either mode', () => {
    expect(searchDropdownPart('', false)).toBe('history');
    expect(searchDropdownPart('', true)).toBe('history');
    expect(searchDropdownPart('  ', false)).toBe('history');
  });

  it('lists suggestions while a word is typed, outside self-hosted mode only', () => {
    expect(searchDropdownPart('ca', false)).toBe('suggestions');
    expect(searchDropdownPart('ca', true)).toBe('none');
  });
});

describe('historyEntries', () => {
  it('keeps the newest 20, newest first', () => {
    let history: string[] = [];
    for (let i = 0; i < 25; i++) history = addToSearchHistory(history, `w${i}`);
    expect(SEARCH_HISTORY_MAX).toBe(20);
    const shown = historyEntries([...history, 'older', 'oldest']);
    expect(shown).toHaveLength(20);
    expect(shown[0]).toBe('w24');
    expect(shown.at(-1)).toBe('w5');
  });
});
