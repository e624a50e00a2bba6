import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../../lib/useBackCloses.ts';
import surface from '../Dialog/surface.module.css';
import styles from './Sheet.module.css';

/**
 * A modal sheet on the native <dialog>, open while it is mounted: its heading, its content and
 * a way out (the Close button under it, or a × in a heading that stays on top while a long sheet
 * scrolls). Escape, the way out, a click on the backdrop and Back close it; `onClose` then
 * unmounts it.
 * Whoever closes it from inside (after a choice) calls `dialogRef.current.close()`.
 */
export function Sheet({
  titleId,
  title,
  onClose,
  testId,
  className,
  dialogRef,
  closeLabel,
  stickyHead = false,
  children,
}: {
  /** The heading's id, which labels the dialog. */
  titleId: string;
  title: ReactNode;
  onClose: () => void;
  testId: string;
  /** A class of the caller's: sets `--sheet-width` for a sheet of another width. */
  className?: string;
  dialogRef?: RefObject<HTMLDialogElement | null>;
  /** The label of the button under the content; 'Close' unless given. */
  closeLabel?: string;
  /** A long, scrolling sheet: the heading, with a × to close, stays on top. */
  stickyHead?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const own = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? own;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, [ref]);
  const close = () => ref.current?.close();
  useBackCloses(true, close);
  // Where the press began: a drag that starts inside (selecting a comment's text) and ends on the
  // backdrop is a click on the dialog too, and must not close it.
  const pressedBackdrop = useRef(false);
  const heading = (
    <h2 id={titleId} className={styles.title}>
      {title}
    </h2>
  );
  return (
    // The click is the pointer's way out (on the backdrop: the dialog itself, outside its panel);
    // Escape and the close button are the keyboard's.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={`${surface.surface} ${styles.sheet} ${className ?? ''}`}
      onClose={onClose}
      onPointerDown={(e) => {
        pressedBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && pressedBackdrop.current) close();
      }}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <div className={styles.panel}>
        {stickyHead ? (
          <div className={styles.head}>
            {heading}
            <button
              type="button"
              className={styles.x}
              onClick={close}
              aria-label={closeLabel ?? t('card.close')}
            >
              ×
            </button>
          </div>
        ) : (
          heading
        )}
        {children}
        {!stickyHead && (
          <button type="button" className={styles.close} onClick={close}>
            {closeLabel ?? t('card.close')}
          </button>
        )}
      </div>
    </dialog>
  );
}
