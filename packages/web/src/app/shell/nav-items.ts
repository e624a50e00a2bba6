/**
 * The bottom navigation's items (spec 000 §2 Shared chrome): Home, Search, Rank, Following
 * (signed-in only) and Setting, each with the paths that count as its section, so that tapping
 * the current section scrolls to the top instead of navigating. Home's section is every home
 * tab (/, its aliases /home, /index, /index.html, the manga and novel homes, and /lives).
 */
export interface NavItem {
  to: string;
  /** Paths that count as this section. */
  section: RegExp;
  label: string;
  icon: string;
  /** Shown only to signed-in users. */
  signedIn?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  {
    to: '/',
    section: /^\/(home.*|index(\.html)?|lives)?$/,
    label: 'nav.home',
    icon: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  },
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
