import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { BottomNav } from './BottomNav.tsx';
import styles from './AppShell.module.css';

/** The frame around every screen: content, then the bottom navigation. */
export function AppShell() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    // New navigation starts at the top; back/forward (POP) keeps the browser's restoration.
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return (
    <div className={styles.shell}>
      <main className={styles.main}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
    </div>
  );
}
