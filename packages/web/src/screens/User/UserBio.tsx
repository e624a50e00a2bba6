import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BIO_COLLAPSE_PX } from '@pv/core';
import { LinkedText } from './LinkedText.tsx';
import styles from './User.module.css';

/** The bio as text and links; taller than 160 px it collapses behind 'more' (spec 001 §2.11). */
export function UserBio({ bio }: { bio: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const [tall, setTall] = useState(false);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setTall(el.scrollHeight > BIO_COLLAPSE_PX);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [bio]);
  if (!bio.trim()) return null;
  const collapsed = tall && !open;
  return (
    <div className={styles.bioBox}>
      <p
        ref={ref}
        id="user-bio"
        className={`${styles.bio} ${collapsed ? styles.bioCollapsed : ''}`}
        style={collapsed ? { maxHeight: BIO_COLLAPSE_PX } : undefined}
        data-testid="user-bio"
        data-collapsed={collapsed}
      >
        <LinkedText text={bio} />
      </p>
      {tall && (
        <button
          type="button"
          className={styles.bioToggle}
          aria-expanded={open}
          aria-controls="user-bio"
          onClick={() => setOpen((o) => !o)}
          data-testid="user-bio-toggle"
        >
          {open ? t('user.bio_less') : t('user.bio_more')}
        </button>
      )}
    </div>
  );
}
