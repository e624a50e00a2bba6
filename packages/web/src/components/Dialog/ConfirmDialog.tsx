import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ConfirmDialog.module.css';

/** A modal question with OK and Cancel, on the native <dialog> (focus trap, Escape to cancel). */
export function ConfirmDialog({
  open,
  title,
  message,
  body,
  onConfirm,
  onCancel,
  alert = false,
}: {
  open: boolean;
  title?: string;
  /** Plain text (line breaks kept); or `body` for richer content. */
  message?: string;
  body?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Only an OK button. */
  alert?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      data-testid="confirm-dialog"
    >
      {title && <h2 className={styles.title}>{title}</h2>}
      {body ?? <p>{message}</p>}
      <div className={styles.actions}>
        {!alert && (
          <button type="button" onClick={onCancel}>
            {t('dialog.cancel')}
          </button>
        )}
        {/* A modal dialog moves focus into itself; the confirm button is its expected target. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <button type="button" className={styles.primary} onClick={onConfirm} autoFocus>
          {t('dialog.ok')}
        </button>
      </div>
    </dialog>
  );
}
