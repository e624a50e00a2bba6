import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_VERSION_LABEL } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { AccountBlock, useAccountUser } from './AccountBlock.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { SETTINGS_MENU } from './settings-menu.ts';
import styles from './Setting.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

/**
 * `/setting`: the account (with logout, or the way to sign in), the interface language, the
 * user's profile and bookmarks when signed in, and the menu of the settings pages.
 */
export default function SettingScreen() {
  const { t } = useTranslation();
  const { user } = useAccountUser();
  const links = [
    ...(user
      ? [
          { to: `/u/${user.id}`, title: 'setting.profile' },
          { to: `/users/${user.id}/favorites`, title: 'setting.favorites' },
        ]
      : [{ to: '/account/login', title: 'title.login' }]),
    ...SETTINGS_MENU,
  ];
  useDocumentTitle(t('title.setting'));
  return (
    <>
      <TopBar title={t('title.setting')} />
      <div className={styles.page}>
        <AccountBlock />
        <section className={styles.group}>
          <LanguagePicker />
        </section>
        <nav className={styles.group} aria-label={t('title.setting')} data-testid="setting-menu">
          {links.map((link) => (
            <Link key={link.to} to={link.to} className={styles.row}>
              <span>{t(link.title)}</span>
              <span className={styles.chevron} aria-hidden="true">
                ›
              </span>
            </Link>
          ))}
          <Link className={styles.row} to="/setting/down_app" data-testid="setting-version">
            <span>{t('setting.releases')}</span>
            <span className={styles.muted}>{APP_VERSION_LABEL}</span>
          </Link>
        </nav>
      </div>
    </>
  );
}
