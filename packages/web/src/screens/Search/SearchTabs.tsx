import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServerConfig } from '../../state/queries/config.ts';
import styles from './Search.module.css';

const TABS = [
  { to: '/search', key: 'search.tabs.illust' },
  { to: '/search_novel', key: 'search.tabs.novel' },
  { to: '/search_user', key: 'search.tabs.user' },
] as const;

/** A search kind by its tab's path. */
export type SearchKind = (typeof TABS)[number]['to'];

/**
 * The search tabs: illustrations and manga, novels, and users in self-hosted mode (spec 000 §1).
 * On a results page (`keyword`) each tab searches the same words in its kind, and the screen
 * names its kind (`current`): the page may be reached by an alias (`/s/{word}`) that no tab
 * links to. Without a keyword the tab whose path is the address is current.
 */
export function SearchTabs({ keyword, current }: { keyword?: string; current?: SearchKind }) {
  const { t } = useTranslation();
  const { selfHosted } = useServerConfig();
  const { pathname } = useLocation();
  const tabs = selfHosted ? TABS : TABS.filter((tab) => tab.to !== '/search_user');
  return (
    <nav className={styles.tabs} aria-label={t('title.search')} data-testid="search-tabs">
      {tabs.map((tab) => {
        const active = (current ?? pathname.replace(/\/$/, '')) === tab.to;
        return (
          <Link
            key={tab.to}
            to={keyword ? `${tab.to}/${encodeURIComponent(keyword)}` : tab.to}
            aria-current={active ? 'page' : undefined}
            className={`${styles.tab} ${active ? styles.active : ''}`}
          >
            {t(tab.key)}
          </Link>
        );
      })}
    </nav>
  );
}
