import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '../routes.tsx';
import { ProgressBar } from '../../components/ProgressBar/ProgressBar.tsx';
import { Toaster } from '../../components/Toast/Toaster.tsx';
import { useMediaQuery } from '../../lib/useMediaQuery.ts';
import { HydratedMark } from '../../lib/useHydratedMark.ts';
import { useServerRender } from '../../lib/useServerRender.ts';
import { AppStatus } from './AppStatus.tsx';
import { BottomNav } from './BottomNav.tsx';
import { DesktopHeader } from './DesktopHeader.tsx';
import { NoticeFeed } from './NoticeFeed.tsx';
import { StartupNotice } from './startup.tsx';
import { ThemeSync } from './ThemeSync.tsx';
import { useRouteFocus } from './useRouteFocus.ts';
import styles from './AppShell.module.css';

/** Where the desktop layout starts (DESIGN.md): side rail, global header, centred column. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/**
 * The frame around every screen. On a phone: content, and the bottom navigation on main tab
 * pages. From 1024 px: a header with the global search, a side rail with the same items on every
 * page, and the content in a centred column.
 *
 * A page rendered on the server, and the app's first render over it (hydration), cannot know the
 * width: they hold both layouts' chrome and the stylesheet's media query shows one (the server's
 * guess of the width would otherwise show a phone the desktop layout until the app ran, issue 33).
 * The next render keeps only the chrome of the width the app measures: the same picture.
 */
export function AppShell() {
  const { t } = useTranslation();
  const matches = useMatches();
  const responsive = useServerRender();
  const desktop = useMediaQuery(DESKTOP_QUERY) && !responsive;
  const tab = matches.some((m) => (m.handle as RouteHandle | undefined)?.tab);
  useRouteFocus();
  const layout = responsive ? styles.responsive : desktop ? styles.desktop : '';
  return (
    <div className={`${styles.shell} ${layout}`}>
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
      {desktop && <DesktopHeader />}
      {responsive && (
        <div className={styles.wideOnly}>
          <DesktopHeader />
        </div>
      )}
      {/* Before the content in the document on every layout (drawn at the bottom on a phone,
          as a rail on the left on a desktop), so that Tab reaches it before an endless feed. */}
      {(tab || desktop) && <BottomNav />}
      {responsive && !tab && (
        <div className={styles.wideOnly}>
          <BottomNav />
        </div>
      )}
      <main id="main" tabIndex={-1} className={tab ? styles.withNav : undefined}>
        <div className={styles.column}>
          {/* inside the column: beside the desktop rail and under its header, not behind them */}
          <NoticeFeed />
          <Suspense fallback={null}>
            <Outlet />
            {/*
             * in the screen's boundary, which hydrates after the shell: marks the page taken over
             * (boundaries inside a screen, an artwork's parts under its first screen, hydrate after)
             */}
            <HydratedMark />
          </Suspense>
        </div>
      </main>
      <Toaster />
      <AppStatus />
    </div>
  );
}
