/** The settings menu (spec 001 §2.2), in the original's order; titles are the screens' own. */
export const SETTINGS_MENU = [
  { to: '/setting/history', title: 'title.history' },
  { to: '/saved', title: 'saved.title' },
  { to: '/setting/contents_display', title: 'title.contents_display' },
  { to: '/setting/preference', title: 'title.preference' },
  { to: '/setting/accent_color', title: 'title.accent_color' },
  { to: '/setting/clearcache', title: 'title.clearcache' },
  { to: '/setting/osusume', title: 'title.osusume' },
  { to: '/setting/about', title: 'title.about' },
] as const;
