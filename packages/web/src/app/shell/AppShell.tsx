import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigationType } from 'react-router';
import type { RouteHandle } from '../routes.tsx';
import { BottomNav } from './BottomNav.tsx';
import styles from './AppShell.module.css';

/** The frame around every screen: content, then the bottom navigation on main tab pages. */
export function AppShell() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const tab = matches.some((m) => (m.handle as RouteHandle | undefined)?.tab);
  useEffect(() => {
    // New navigation starts at the top; back/forward (POP) keeps the browser's restoration.
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return (
    <div className={styles.shell}>
      <main className={tab ? styles.withNav : undefined}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {tab && <BottomNav />}
    </div>
  );
}
