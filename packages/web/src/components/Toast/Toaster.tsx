import { useTranslation } from 'react-i18next';
import { useToasts } from '../../state/ui/toast.ts';
import styles from './Toaster.module.css';

/** Where toasts appear: bottom centre, above the navigation, announced politely. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <div className={styles.stack} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={styles.toast}
          data-error={toast.error || undefined}
          data-testid="toast"
        >
          {toast.error && (
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z" />
            </svg>
          )}
          {t(toast.key)}
        </div>
      ))}
    </div>
  );
}
