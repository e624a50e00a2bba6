import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NovelText } from '@pv/core';
import styles from './NovelDetail.module.css';

/** The series the novel belongs to (its page is the user screens'), with previous and next. */
export function NovelSeriesNav({
  series,
  text,
}: {
  series: { id: number; title: string };
  text: NovelText | undefined;
}) {
  const { t } = useTranslation();
  return (
    <nav className={styles.series} aria-label={t('novel.series')} data-testid="novel-series">
      <Link to={`/novel/series/${series.id}`} className={styles.seriesTitle}>
        {t('novel_card.series', { title: series.title })}
      </Link>
      <div className={styles.seriesSteps}>
        {text?.prev && (
          <Link to={`/novel/${text.prev.id}`} rel="prev" data-testid="novel-prev">
            ‹ {t('novel.prev', { title: text.prev.title })}
          </Link>
        )}
        {text?.next && (
          <Link to={`/novel/${text.next.id}`} rel="next" data-testid="novel-next">
            {t('novel.next', { title: text.next.title })} ›
          </Link>
        )}
      </div>
    </nav>
  );
}
