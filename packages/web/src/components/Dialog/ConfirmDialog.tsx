import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../../lib/useBackCloses.ts';
import styles from './ConfirmDialog.module.css';
import surface from './surface.module.css';

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
  const id = useId();
  // Back cancels, as Escape does; a page its OK opens is its caller's business.
  useBackCloses(open, onCancel, false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`${surface.surface} ${styles.dialog}`}
      // Named by its title, else by its question; the question, under a title, describes it.
      aria-labelledby={title ? `${id}-title` : `${id}-body`}
      aria-describedby={title ? `${id}-body` : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      data-testid="confirm-dialog"
    >
      {title && (
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
      )}
      <div id={`${id}-body`}>{body ?? <p>{message}</p>}</div>
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
