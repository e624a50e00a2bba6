import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './RowEmpty.module.css';

export interface RowEmptyProps {
  /** What the row lists. */
  kind: 'works' | 'novels';
  /** The row's own state box (its size, margins and colours: the height of its cards). */
  className?: string;
}

/**
 * A home row with nothing to show (issue 36 item 12): the feed answered, and nothing in it is left
 * to show, most often because the user's content filters hide it. Says so, and leads to the
 * filters.
 */
export function RowEmpty({ kind, className }: RowEmptyProps) {
  const { t } = useTranslation();
  return (
    <div className={className ? `${className} ${styles.box}` : styles.box} data-testid="row-empty">
      <p className={styles.title}>{t(kind === 'novels' ? 'empty.novel_row' : 'empty.row')}</p>
      <Link to="/setting/contents_display" className={styles.action} data-testid="row-empty-action">
        {t('empty.row_action')}
      </Link>
    </div>
  );
}
