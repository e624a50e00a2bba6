import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationState } from '../../state/queries/novel-translate.ts';
import { translationHtml } from './translation-html.ts';
import styles from './NovelTranslation.module.css';

export interface NovelTranslationProps {
  state: Exclude<TranslationState, { status: 'idle' }>;
  /** Paragraphs and headings of the original, for the progress. */
  total: number;
  nots: boolean;
  onRetry: () => void;
  onClose: () => void;
}

/**
 * The translation as it arrives: sanitised HTML, with a progress bar while it streams, the
 * original under (or, on wide screens, beside) each line unless translation only, and the error
 * with a retry.
 */
export function NovelTranslation({ state, total, nots, onRetry, onClose }: NovelTranslationProps) {
  const { t } = useTranslation();
  const view = useMemo(() => translationHtml(state.html), [state.html]);
  const done = state.status === 'done';
  const percent = done ? 100 : Math.min(99, Math.round((view.blocks / Math.max(1, total)) * 100));
  return (
    <div className={styles.box} data-testid="novel-translation" data-status={state.status}>
      <div className={styles.head}>
        {state.status !== 'error' && (
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t('novel.translate.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            data-testid="novel-translation-progress"
          >
            <span style={{ inlineSize: `${percent}%` }} />
          </div>
        )}
        <button type="button" className={styles.close} onClick={onClose}>
          {t('novel.translate.original')}
        </button>
      </div>
      {state.status === 'error' && (
        <p className={styles.error} role="alert" data-testid="novel-translation-error">
          {t('novel.translate.failed', { message: state.message })}{' '}
          <button type="button" onClick={onRetry} data-testid="novel-translation-retry">
            {t('common.retry')}
          </button>
        </p>
      )}
      <div
        className={nots ? styles.text : `${styles.text} ${styles.bilingual}`}
        data-testid="novel-translation-text"
        // Sanitised by translationHtml (DOMPurify; /i/ pictures, safe links only).
        dangerouslySetInnerHTML={{ __html: view.html }}
      />
    </div>
  );
}
