import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RANK_CATEGORIES, type RankCategory } from '@pv/core';
import { categoryTarget } from './category-target.ts';
import styles from './RankScreen.module.css';

/**
 * The ranking's category popover (spec 000 §2 Ranking), shared by the artwork and novel rankings:
 * a menu button whose menu takes the focus on its current item, moves with the arrow keys, Home
 * and End, and closes on Escape, on a choice or on a click outside, handing the focus back.
 */
export function CategoryMenu(props: {
  current: RankCategory;
  /** The date asked for, kept across categories. */
  requested: string;
  /** Options under the categories (the ranking's toggles). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = () => [
    ...(wrap.current?.querySelectorAll<HTMLElement>('[role=menuitemradio]') ?? []),
  ];
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    items()
      .find((el) => el.getAttribute('aria-checked') === 'true')
      ?.focus();
    const outside = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next = {
      ArrowDown: (at + 1) % list.length,
      ArrowUp: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    }[e.key];
    if (next === undefined || at === -1) return;
    e.preventDefault();
    list[next]?.focus();
  };
  return (
    // The keys of the menu's items bubble here; the items themselves are buttons.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className={styles.categoryWrap} ref={wrap} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={styles.categoryButton}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="rank-category"
      >
        {t(`rank.categories.${props.current}`)}
      </button>
      {open && (
        <div className={styles.popover} role="menu" aria-label={t('rank.category_label')}>
          {RANK_CATEGORIES.map((c) => (
            <button
              key={c}
              type="button"
              role="menuitemradio"
              aria-checked={c === props.current}
              className={c === props.current ? styles.current : undefined}
              onClick={() => {
                close();
                // The novel entry on the novel ranking keeps its mode; the others go to their default.
                if (c !== 'novel' || props.current !== 'novel') {
                  void navigate(categoryTarget(c, props.requested));
                }
              }}
            >
              {t(`rank.categories.${c}`)}
            </button>
          ))}
          {props.children}
        </div>
      )}
    </div>
  );
}
