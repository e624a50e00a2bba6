import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import styles from './Home.module.css';

const TABS = [
  { to: '/', key: 'home.tabs.illust', title: 'title.home', end: true },
  { to: '/home_manga', key: 'home.tabs.manga', title: 'title.home_manga', end: false },
  { to: '/home_novel', key: 'home.tabs.novel', title: 'title.home_novel', end: false },
  { to: '/lives', key: 'home.tabs.live', title: 'title.lives', end: false },
] as const;

/**
 * The home tabs: illustrations, manga, novels and live (spec 000 §2 Home). They also name the
 * page (its document title and its one <h1>, which the tabs show, so it is for screen readers).
 */
export function HomeTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = TABS.find((tab) => tab.to !== '/' && pathname.startsWith(tab.to)) ?? TABS[0];
  useDocumentTitle(t(current.title));
  return (
    <>
      <h1 className="visually-hidden">{t(current.title)}</h1>
      <nav className={styles.tabs} aria-label={t('title.home')} data-testid="home-tabs">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
          >
            {t(tab.key)}
          </NavLink>
        ))}
      </nav>
    </>
  );
}
