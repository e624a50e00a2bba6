import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAV_BACK_TO_TOP_MAX_WIDTH_PX, NAV_HIDE_THRESHOLD_PX } from '@pv/core';
import { useSignedIn } from '../../state/settings/client-config.ts';
import styles from './BottomNav.module.css';

interface NavItem {
  to: string;
  /** Paths that count as this section. */
  section: RegExp;
  label: string;
  icon: string;
  /** Shown only to signed-in users. */
  signedIn?: boolean;
}

const ITEMS: NavItem[] = [
  { to: '/', section: /^\/(home.*)?$/, label: 'nav.home', icon: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z' },
  {
    to: '/search',
    section: /^\/search/,
    label: 'nav.search',
    icon: 'M10 4a6 6 0 1 0 3.9 10.6l4.8 4.8 1.4-1.4-4.8-4.8A6 6 0 0 0 10 4zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
  },
  {
    to: '/rank/daily',
    section: /^\/rank/,
    label: 'nav.rank',
    icon: 'M5 20V10h4v10zm5 0V4h4v16zm5 0v-7h4v7z',
  },
  {
    to: '/following',
    section: /^\/following/,
    label: 'nav.following',
    icon: 'M12 21l-1.4-1.3C5.4 15 2 11.9 2 8.1 2 5 4.4 2.6 7.5 2.6c1.7 0 3.4.8 4.5 2.1 1.1-1.3 2.8-2.1 4.5-2.1C19.6 2.6 22 5 22 8.1c0 3.8-3.4 6.9-8.6 11.6z',
    signedIn: true,
  },
  {
    to: '/setting',
    section: /^\/setting/,
    label: 'nav.setting',
    icon: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm8.5 5.5-2-.3a6.8 6.8 0 0 1-.6 1.5l1.2 1.6-1.9 1.9-1.6-1.2a6.8 6.8 0 0 1-1.5.6l-.3 2h-2.6l-.3-2a6.8 6.8 0 0 1-1.5-.6l-1.6 1.2-1.9-1.9 1.2-1.6a6.8 6.8 0 0 1-.6-1.5l-2-.3v-2.6l2-.3c.1-.5.3-1 .6-1.5L4.3 7.1l1.9-1.9 1.6 1.2c.5-.3 1-.5 1.5-.6l.3-2h2.6l.3 2c.5.1 1 .3 1.5.6l1.6-1.2 1.9 1.9-1.2 1.6c.3.5.5 1 .6 1.5l2 .3z',
  },
];

function useNavState() {
  const [hidden, setHidden] = useState(false);
  const [narrow, setNarrow] = useState(() => window.innerWidth < NAV_BACK_TO_TOP_MAX_WIDTH_PX);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      // Hide while scrolling down past the threshold; show again on any upward scroll.
      setHidden(y > NAV_HIDE_THRESHOLD_PX && y > last);
      last = y;
    };
    const onResize = () => setNarrow(window.innerWidth < NAV_BACK_TO_TOP_MAX_WIDTH_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return { hidden, narrow };
}

/** Bottom navigation (spec 000 §5 Shared chrome). */
export function BottomNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { hidden, narrow } = useNavState();
  const signedIn = useSignedIn();
  const toTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });
  return (
    <nav
      className={`${styles.nav} ${hidden ? styles.hidden : ''}`}
      data-testid="bottom-nav"
      aria-label="main"
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
      {narrow && (
        <button type="button" className={styles.item} onClick={toTop} data-testid="nav-back-to-top">
          <svg viewBox="0 0 24 24" className={styles.icon} aria-hidden="true">
            <path d="M12 5l7 7-1.4 1.4L13 8.8V20h-2V8.8l-4.6 4.6L5 12z" />
          </svg>
          <span>{t('nav.top')}</span>
        </button>
      )}
    </nav>
  );
}
