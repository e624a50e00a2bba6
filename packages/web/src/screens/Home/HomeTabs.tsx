import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './Home.module.css';

const TABS = [
  { to: '/', key: 'home.tabs.illust', end: true },
  { to: '/home_manga', key: 'home.tabs.manga', end: false },
  { to: '/home_novel', key: 'home.tabs.novel', end: false },
  { to: '/lives', key: 'home.tabs.live', end: false },
] as const;

/** The home tabs: illustrations, manga, novels and live (spec 000 §2 Home). */
export function HomeTabs() {
  const { t } = useTranslation();
  return (
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
  );
}
