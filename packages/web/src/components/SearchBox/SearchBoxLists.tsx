import { useTranslation } from 'react-i18next';
import type { TagSuggestion } from '../../state/queries/search.ts';
import { clearSearchHistory, forgetSearch } from '../../state/search-history.ts';
import styles from './SearchBox.module.css';

/** The dropdown's search history: each entry searches again, or is forgotten by its ×. */
export function SearchHistoryList({
  entries,
  onPick,
}: {
  entries: readonly string[];
  onPick: (keyword: string) => void;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <section data-testid="search-history">
      <header className={styles.dropHead}>
        <span>{t('search.history')}</span>
        <button type="button" onClick={clearSearchHistory}>
          {t('search.clear_history')}
        </button>
      </header>
      <ul className={styles.list}>
        {entries.map((h) => (
          <li key={h}>
            <button
              type="button"
              className={styles.entry}
              onClick={() => onPick(h)}
              data-testid="search-history-entry"
            >
              {h}
            </button>
            <button
              type="button"
              className={styles.forget}
              aria-label={t('search.remove_word', { word: h })}
              onClick={() => forgetSearch(h)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The dropdown's tag suggestions for the word being typed; a click searches with that tag. */
export function SearchSuggestionList({
  suggestions,
  onPick,
}: {
  suggestions: readonly TagSuggestion[] | undefined;
  onPick: (tag: string) => void;
}) {
  const { t } = useTranslation();
  if (!suggestions?.length) return null;
  return (
    <section data-testid="search-suggestions">
      <header className={styles.dropHead}>
        <span>{t('search.suggestions')}</span>
      </header>
      <ul className={styles.list}>
        {suggestions.map((s) => (
          <li key={s.name}>
            <button
              type="button"
              className={styles.entry}
              onClick={() => onPick(s.name)}
              data-testid="search-suggestion"
            >
              {s.name}
              {s.translated_name && <small> {s.translated_name}</small>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
