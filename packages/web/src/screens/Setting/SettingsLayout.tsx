import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SETTINGS_MENU } from './settings-menu.ts';
import styles from './SettingsLayout.module.css';

/**
 * A settings page on a wide screen (from 1024 px): the settings menu as a side list, the current
 * page marked (`aria-current`), and the page beside it. The list comes first in the document, so
 * the keyboard reaches it before the page. On a phone only the page shows, as before: the
 * settings home is the menu there.
 */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={t('title.setting')} data-testid="settings-nav">
        <NavLink to="/setting" end className={styles.link}>
          {t('title.setting')}
        </NavLink>
        {SETTINGS_MENU.map((item) => (
          <NavLink key={item.to} to={item.to} className={styles.link}>
            {t(item.title)}
          </NavLink>
        ))}
        <NavLink to="/setting/down_app" className={styles.link}>
          {t('setting.releases')}
        </NavLink>
      </nav>
      <div className={styles.page}>{children}</div>
    </div>
  );
}
