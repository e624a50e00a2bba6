import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_VERSION_LABEL } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { AccountBlock, useAccountUser } from './AccountBlock.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import styles from './Setting.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

/** The settings menu (spec 001 §2.2), in the original's order; titles are the screens' own. */
const MENU = [
  { to: '/setting/history', title: 'title.history' },
  { to: '/saved', title: 'saved.title' },
  { to: '/setting/contents_display', title: 'title.contents_display' },
  { to: '/setting/preference', title: 'title.preference' },
  { to: '/setting/accent_color', title: 'title.accent_color' },
  { to: '/setting/clearcache', title: 'title.clearcache' },
  { to: '/setting/osusume', title: 'title.osusume' },
  { to: '/setting/about', title: 'title.about' },
] as const;

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
    ...MENU,
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
