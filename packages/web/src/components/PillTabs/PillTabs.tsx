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
}

/** A row of pill-shaped tabs over one tab panel (discovery, 'recommended for you'). */
export function PillTabs<K extends string>(props: PillTabsProps<K>) {
  const { tabs, current, label, onSelect, tabTestIdPrefix, testId, className } = props;
  return (
    <div className={`${styles.tabs} ${className ?? ''}`} role="tablist" data-testid={testId}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
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
}
