import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_VERSION_LABEL } from '@pv/core';
import { BUILD_COMMIT } from '../../lib/build-info.ts';
import { useServerConfig } from '../../state/queries/config.ts';
import { ExternalLink } from './ExternalLink.tsx';
import { SettingPage, SettingSection } from './rows.tsx';
import styles from './Setting.module.css';
import info from './Info.module.css';

/** The open-source work this viewer stands on (name and home). */
const CREDITS: readonly { name: string; href: string }[] = [
  { name: 'React', href: 'https://react.dev/' },
  { name: 'React Router', href: 'https://reactrouter.com/' },
  { name: 'TanStack Query', href: 'https://tanstack.com/query' },
  { name: 'i18next', href: 'https://www.i18next.com/' },
  { name: 'Vite', href: 'https://vite.dev/' },
  { name: 'Fastify', href: 'https://fastify.dev/' },
  { name: 'Zod', href: 'https://zod.dev/' },
  { name: 'idb-keyval', href: 'https://github.com/jakearchibald/idb-keyval' },
  { name: 'fflate', href: 'https://github.com/101arrowz/fflate' },
  { name: 'pixiv-viewer', href: 'https://github.com/asadahimeka/pixiv-viewer' },
];

const PAGES = [
  { to: '/setting/about/faq', title: 'title.faq' },
  { to: '/setting/about/disclaimer', title: 'title.disclaimer' },
  { to: '/setting/down_app', title: 'title.down_app' },
] as const;

/** `/setting/about` (spec 001 §2.8): version, FAQ, disclaimer, credits and the mirror sites. */
export default function AboutScreen() {
  const { t } = useTranslation();
  const mirrors = useServerConfig().mirrors ?? [];
  return (
    <SettingPage titleKey="title.about" testId="about">
      <SettingSection>
        <div className={styles.row}>
          <span>{t('about.version')}</span>
          <span className={styles.version}>
            {/* the one label Settings shows too (spec 000 §1), then the build's commit */}
            <code data-testid="about-version">{APP_VERSION_LABEL}</code>
            {BUILD_COMMIT && (
              <code className={styles.commit} data-testid="about-commit">
                {BUILD_COMMIT}
              </code>
            )}
          </span>
        </div>
        <p className={info.text}>{t('about.summary')}</p>
      </SettingSection>
      <SettingSection>
        {PAGES.map((p) => (
          <Link key={p.to} to={p.to} className={styles.row}>
            <span>{t(p.title)}</span>
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </Link>
        ))}
      </SettingSection>
      <SettingSection title={t('about.mirrors')}>
        <div data-testid="about-mirrors">
          {mirrors.length === 0 ? (
            <p className={info.text}>{t('about.no_mirrors')}</p>
          ) : (
            mirrors.map((m) => <ExternalLink key={m} name={new URL(m).host} href={m} note={m} />)
          )}
        </div>
      </SettingSection>
      <SettingSection title={t('about.credits')}>
        {CREDITS.map((c) => (
          <ExternalLink key={c.name} name={c.name} href={c.href} />
        ))}
      </SettingSection>
    </SettingPage>
  );
}
