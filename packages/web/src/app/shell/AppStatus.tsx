import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOffline } from '../../state/ui/network.ts';
import { applyUpdate, useUpdateWaiting } from './service-worker.ts';
import styles from './AppStatus.module.css';

/**
 * What the app says about itself (issue 19): that the network is down (with the way to what is
 * saved), and that a new version is installed and waits for a reload.
 */
export function AppStatus() {
  const { t } = useTranslation();
  const offline = useOffline();
  const update = useUpdateWaiting();
  if (!offline && !update) return null;
  return (
    <div className={styles.stack}>
      {offline && (
        <div className={styles.bar} role="status" data-testid="offline-banner">
          <span>{t('pwa.offline')}</span>
          <Link to="/saved" className={styles.action}>
            {t('saved.title')}
          </Link>
        </div>
      )}
      {update && (
        <div className={styles.bar} role="alert" data-testid="update-prompt">
          <span>{t('pwa.update_available')}</span>
          <button type="button" className={styles.action} onClick={applyUpdate}>
            {t('pwa.reload')}
          </button>
        </div>
      )}
    </div>
  );
}
