import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServerConfig } from '../../state/queries/config.ts';
import styles from './Search.module.css';

const TABS = [
  { to: '/search', key: 'search.tabs.illust' },
  { to: '/search_novel', key: 'search.tabs.novel' },
  { to: '/search_user', key: 'search.tabs.user' },
] as const;

/**
 * The search tabs: illustrations and manga, novels, and users in self-hosted mode (spec 000 §1).
 * On a results page (`keyword`) each tab searches the same words in its kind, and the kind shown
 * is the current tab.
 */
export function SearchTabs({ keyword }: { keyword?: string }) {
  const { t } = useTranslation();
  const { selfHosted } = useServerConfig();
  const tabs = selfHosted ? TABS : TABS.filter((tab) => tab.to !== '/search_user');
  return (
    <nav className={styles.tabs} aria-label={t('title.search')} data-testid="search-tabs">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={keyword ? `${tab.to}/${encodeURIComponent(keyword)}` : tab.to}
          end
          className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
        >
          {t(tab.key)}
        </NavLink>
      ))}
    </nav>
  );
}
