import { useIsFetching } from '@tanstack/react-query';
import styles from './ProgressBar.module.css';

/** The thin bar at the top while any request runs (spec 000 §7). */
export function ProgressBar() {
  const fetching = useIsFetching();
  if (fetching === 0) return null;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label="loading"
      data-testid="progress-bar"
    />
  );
}
