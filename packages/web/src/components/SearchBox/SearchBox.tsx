import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  SEARCH_BOX_MAX_LENGTH,
  artworkIdFromKeyword,
  normaliseKeyword,
  numericShortcuts,
} from '@pv/core';
import { useDebounced } from '../../lib/useDebounced.ts';
import { useServerConfig } from '../../state/queries/config.ts';
import { AUTOCOMPLETE_DEBOUNCE_MS, useTagSuggestions } from '../../state/queries/search.ts';
import { rememberSearch, useSearchHistory } from '../../state/search-history.ts';
import { historyEntries, searchDropdownPart } from './search-dropdown.ts';
import { SearchHistoryList, SearchSuggestionList } from './SearchBoxLists.tsx';
import styles from './SearchBox.module.css';

export type SearchTarget = 'illust' | 'novel' | 'user';

const RESULT_PATH: Record<SearchTarget, string> = {
  illust: '/search',
  novel: '/search_novel',
  user: '/search_user',
};

function splitInitial(text: string): string[] {
  return normaliseKeyword(text).split(' ').filter(Boolean);
}

/**
 * The search box (spec 000 §2 Search): typed words become removable chips, the last word is
 * pending; 50 characters at most. Focus opens numeric shortcuts and, while no word is being
 * typed, the history (20, newest first); while one is, tag suggestions after a 500 ms pause
 * (outside self-hosted mode only). A submit, a history entry or a tag click searches.
 */
/** What the box says it searches: works, novels or users (issue 35 item 15). */
const PLACEHOLDER: Record<SearchTarget, string> = {
  illust: 'search.placeholder',
  novel: 'search.placeholder_novel',
  user: 'search.placeholder_user',
};

export function SearchBox({ target, initial = '' }: { target: SearchTarget; initial?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { selfHosted } = useServerConfig();
  const history = useSearchHistory();
  const [words, setWords] = useState<string[]>(() => splitInitial(initial));
  const [pending, setPending] = useState('');
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const dropdown = useRef<HTMLDivElement>(null);
  const dropdownId = useId();
  const committed = words.join(' ');
  const room = SEARCH_BOX_MAX_LENGTH - committed.length - (words.length ? 1 : 0);
  const part = searchDropdownPart(pending, selfHosted);
  const debounced = useDebounced(pending, AUTOCOMPLETE_DEBOUNCE_MS);
  const suggestions = useTagSuggestions(debounced, open && part === 'suggestions');
  const full = normaliseKeyword([...words, pending].join(' '));
  const shortcuts = numericShortcuts(full);

  const go = (keyword: string) => {
    const word = normaliseKeyword(keyword);
    setOpen(false);
    if (!word) {
      void navigate(RESULT_PATH[target]);
      return;
    }
    const artwork = artworkIdFromKeyword(word);
    if (artwork !== null) {
      void navigate(`/artworks/${artwork}`);
      return;
    }
    rememberSearch(word);
    void navigate(`${RESULT_PATH[target]}/${encodeURIComponent(word)}`);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(full);
  };

  const onChange = (value: string) => {
    // A space commits the pending word; pasted text may bring several.
    const parts = value.replace(/\u3000/g, ' ').split(' ');
    if (parts.length > 1) {
      const done = parts.slice(0, -1).filter(Boolean);
      const next = [...words, ...done];
      if (next.join(' ').length <= SEARCH_BOX_MAX_LENGTH) setWords(next);
      setPending(parts.at(-1)!.slice(0, SEARCH_BOX_MAX_LENGTH));
    } else {
      setPending(value);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && pending === '' && words.length > 0) {
      e.preventDefault();
      setPending(words.at(-1)!);
      setWords(words.slice(0, -1));
    } else if (e.key === 'Escape') {
      setOpen(false);
    } else if (e.key === 'ArrowDown' && open) {
      // Into the dropdown: its first entry takes the focus.
      e.preventDefault();
      dropdown.current?.querySelector<HTMLElement>('a, button')?.focus();
    }
  };

  /** Arrow keys move between the dropdown's entries; Escape closes it, back in the box. */
  const onDropdownKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(dropdown.current?.querySelectorAll<HTMLElement>('a, button') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      // Focusing the box reopens the dropdown (onFocus): close it after.
      input.current?.focus();
      setOpen(false);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = at + (e.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) input.current?.focus();
      else entries[Math.min(next, entries.length - 1)]?.focus();
    }
  };

  return (
    <div
      className={styles.wrap}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <form className={styles.box} role="search" onSubmit={submit} data-testid="search-box">
        {words.map((word, i) => (
          <span key={`${word}-${i}`} className={styles.chip} data-testid="search-word">
            {word}
            <button
              type="button"
              aria-label={t('search.remove_word', { word })}
              onClick={() => setWords(words.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          ref={input}
          type="search"
          value={pending}
          maxLength={Math.max(0, room)}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? dropdownId : undefined}
          placeholder={words.length ? '' : t(PLACEHOLDER[target])}
          aria-label={t(PLACEHOLDER[target])}
          data-testid="search-input"
          enterKeyHint="search"
          autoComplete="off"
        />
        <button type="submit" className={styles.submit} aria-label={t('home.search_submit')}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M10 4a6 6 0 1 0 3.5 10.9l4.8 4.8 1.4-1.4-4.8-4.8A6 6 0 0 0 10 4zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8z" />
          </svg>
        </button>
      </form>
      {open && (
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keys of its entries
        <div
          ref={dropdown}
          id={dropdownId}
          className={styles.dropdown}
          onKeyDown={onDropdownKeyDown}
          data-testid="search-dropdown"
        >
          {shortcuts.length > 0 && (
            <ul className={styles.shortcuts}>
              {shortcuts.map((id) => (
                <li key={id}>
                  <Link to={`/artworks/${id}`}>{t('search.shortcut_illust', { id })}</Link>
                  <Link to={`/users/${id}`}>{t('search.shortcut_user', { id })}</Link>
                  <Link to={`/novel/${id}`}>{t('search.shortcut_novel', { id })}</Link>
                </li>
              ))}
            </ul>
          )}
          {part === 'history' && (
            <SearchHistoryList entries={historyEntries(history)} onPick={go} />
          )}
          {part === 'suggestions' && debounced === pending && (
            <SearchSuggestionList
              suggestions={suggestions.data}
              onPick={(tag) => go([...words, tag].join(' '))}
            />
          )}
        </div>
      )}
    </div>
  );
}
