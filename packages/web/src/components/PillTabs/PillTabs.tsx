import { useLayoutEffect, useRef } from 'react';
import styles from './PillTabs.module.css';

export interface PillTabsProps<K extends string> {
  tabs: readonly K[];
  current: K;
  /** The visible (translated) name of a tab. */
  label: (tab: K) => string;
  onSelect: (tab: K) => void;
  /** Each tab's test id is `${tabTestIdPrefix}-${tab}`. */
  tabTestIdPrefix: string;
  /** The tab list's test id. */
  testId?: string;
  className?: string;
  /**
   * The query parameter a tab is (`?{param}={tab}`): the tabs are then a GET form's submit
   * buttons, which work without JavaScript too (a server-rendered page read before the app runs,
   * or never); with it, a click selects through `onSelect` and the form is not sent.
   */
  param?: string;
}

/** Room left beside the selected tab when the row scrolls it into view, px. */
const SCROLL_MARGIN_PX = 16;

/**
 * Scrolls a row that overflows sideways (the Following tabs at 390 px) so that the selected tab
 * is in view, without moving the page itself (as `scrollIntoView` would).
 */
function useSelectedInView(current: string) {
  const list = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const row = list.current;
    const tab = row?.querySelector('[aria-selected="true"]');
    if (!row || !tab) return;
    const outer = row.getBoundingClientRect();
    const inner = tab.getBoundingClientRect();
    if (inner.left < outer.left) row.scrollLeft -= outer.left - inner.left + SCROLL_MARGIN_PX;
    else if (inner.right > outer.right)
      row.scrollLeft += inner.right - outer.right + SCROLL_MARGIN_PX;
  }, [current]);
  return list;
}

/** A row of pill-shaped tabs over one tab panel (discovery, 'recommended for you'). */
export function PillTabs<K extends string>(props: PillTabsProps<K>) {
  const { tabs, current, label, onSelect, tabTestIdPrefix, testId, className, param } = props;
  const list = useSelectedInView(current);
  const row = (
    <div
      ref={list}
      className={`${styles.tabs} ${className ?? ''}`}
      role="tablist"
      data-testid={testId}
    >
      {tabs.map((tab) => (
        <button
          key={tab}
          type={param ? 'submit' : 'button'}
          name={param}
          value={param ? tab : undefined}
          role="tab"
          aria-selected={tab === current}
          className={`${styles.tab} ${tab === current ? styles.active : ''}`}
          onClick={() => onSelect(tab)}
          data-testid={`${tabTestIdPrefix}-${tab}`}
        >
          {label(tab)}
        </button>
      ))}
    </div>
  );
  if (!param) return row;
  // the current page with `?{param}={tab}` when no script handles the click
  return (
    <form method="get" className={styles.form} onSubmit={(e) => e.preventDefault()}>
      {row}
    </form>
  );
}
