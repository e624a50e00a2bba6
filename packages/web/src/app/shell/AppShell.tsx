import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '../routes.tsx';
import { ProgressBar } from '../../components/ProgressBar/ProgressBar.tsx';
import { Toaster } from '../../components/Toast/Toaster.tsx';
import { BottomNav } from './BottomNav.tsx';
import { StartupNotice } from './startup.tsx';
import { ThemeSync } from './ThemeSync.tsx';
import styles from './AppShell.module.css';

/** The frame around every screen: content, then the bottom navigation on main tab pages. */
export function AppShell() {
  const { t } = useTranslation();
  const matches = useMatches();
  const tab = matches.some((m) => (m.handle as RouteHandle | undefined)?.tab);
  return (
    <div className={styles.shell}>
      {/* The first tab stop: past the chrome, straight to the page (WCAG 2.4.1). */}
      <a
        href="#main"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('a11y.skip_to_content')}
      </a>
      {/* New navigation starts at the top; back and forward restore the position. */}
      <ScrollRestoration />
      <ThemeSync />
      <StartupNotice />
      <ProgressBar />
      <main id="main" tabIndex={-1} className={tab ? styles.withNav : undefined}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {tab && <BottomNav />}
      <Toaster />
    </div>
  );
}
