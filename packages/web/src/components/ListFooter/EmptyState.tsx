/**
 * What an empty list says (issue 36 item 12): why it is empty, in a short title, what to do
 * about it, in a hint, and at most one way on. A list that knows nothing more says "Nothing
 * here".
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './ListFooter.module.css';

export interface EmptyMessage {
  /** Why the list is empty ("No public bookmarks"). */
  title: string;
  /** What to do about it ("Try fewer words…"). */
  hint?: string;
  /** One way on: an in-app link. */
  action?: { to: string; label: string };
}

export interface EmptyStateProps {
  /** Else "Nothing here". */
  message?: EmptyMessage;
  testId: string;
  /** Where the screen places it (its margins). */
  className?: string;
}

export function EmptyState({ message, testId, className }: EmptyStateProps) {
  const { t } = useTranslation();
  const { title, hint, action } = message ?? { title: t('common.no_data') };
  return (
    <div className={className ? `${styles.empty} ${className}` : styles.empty} data-testid={testId}>
      <p className={styles.emptyTitle}>{title}</p>
      {hint && <p className={styles.emptyHint}>{hint}</p>}
      {action && (
        <Link to={action.to} className={styles.emptyAction} data-testid={`${testId}-action`}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
