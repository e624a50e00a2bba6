import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAV_BACK_TO_TOP_MAX_WIDTH_PX, NAV_HIDE_THRESHOLD_PX } from '@pv/core';
import { scrollBehavior } from '../../lib/motion.ts';
import { useMediaQuery } from '../../lib/useMediaQuery.ts';
import { useServerRender } from '../../lib/useServerRender.ts';
import { useSignedIn } from '../../state/settings/client-config.ts';
import { NAV_ITEMS as ITEMS } from './nav-items.ts';
import styles from './BottomNav.module.css';

function useNavState() {
  const [hidden, setHidden] = useState(false);
  // a media query, not `innerWidth`: the server renders it too (its hint of the screen's width)
  const narrow = !useMediaQuery(`(min-width: ${NAV_BACK_TO_TOP_MAX_WIDTH_PX}px)`);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      // Hide while scrolling down past the threshold; show again on any upward scroll.
      setHidden(y > NAV_HIDE_THRESHOLD_PX && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return { hidden, narrow };
}

/** Bottom navigation (spec 000 §5 Shared chrome). */
export function BottomNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { hidden, narrow } = useNavState();
  // a server-rendered page (and its hydration) cannot know the width: the stylesheet hides it
  const responsive = useServerRender();
  const signedIn = useSignedIn();
  const toTop = () => window.scrollTo({ top: 0, behavior: scrollBehavior() });
  return (
    <nav
      className={`${styles.nav} ${hidden ? styles.hidden : ''}`}
      data-hidden={hidden || undefined}
      data-testid="bottom-nav"
      aria-label={t('nav.label')}
    >
      {ITEMS.filter((item) => !item.signedIn || signedIn).map((item) => {
        const current = item.section.test(pathname);
        return (
          <NavLink
            key={item.to}
            to={item.to}
            className={`${styles.item} ${current ? styles.active : ''}`}
            aria-current={current ? 'page' : undefined}
            onClick={(e) => {
              if (!current) return;
              e.preventDefault();
              toTop();
            }}
          >
            <svg viewBox="0 0 24 24" className={styles.icon} aria-hidden="true">
              <path d={item.icon} />
            </svg>
            <span>{t(item.label)}</span>
          </NavLink>
        );
      })}
      {(narrow || responsive) && (
        <button
          type="button"
          className={`${styles.item} ${responsive ? styles.narrowOnly : ''}`}
          onClick={toTop}
          data-testid="nav-back-to-top"
        >
          <svg viewBox="0 0 24 24" className={styles.icon} aria-hidden="true">
            <path d="M12 5l7 7-1.4 1.4L13 8.8V20h-2V8.8l-4.6 4.6L5 12z" />
          </svg>
          <span>{t('nav.top')}</span>
        </button>
      )}
    </nav>
  );
}
