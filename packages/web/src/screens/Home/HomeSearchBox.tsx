import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homeSearchTarget } from '@pv/core';
import styles from './Home.module.css';

/**
 * The home search box: its placeholder is a random trending tag. An artwork link or a number of
 * 8+ digits opens that artwork; other text searches; an empty box searches the placeholder.
 */
export function HomeSearchBox({ placeholder }: { placeholder: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const target = homeSearchTarget(text, placeholder);
    if (target) void navigate(target);
  };
  return (
    <form className={styles.search} role="search" onSubmit={submit}>
      <input
        type="search"
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={t('home.search_label')}
        data-testid="home-search"
        enterKeyHint="search"
      />
      <button type="submit" aria-label={t('home.search_submit')}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M10 4a6 6 0 1 0 3.5 10.9l4.8 4.8 1.4-1.4-4.8-4.8A6 6 0 0 0 10 4zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8z" />
        </svg>
      </button>
    </form>
  );
}
