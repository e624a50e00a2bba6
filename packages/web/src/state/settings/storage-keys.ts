/** Every localStorage key the app uses, in one place (STYLE.md, Data). */
export const STORAGE_KEYS = {
  language: 'pv.language',
  settings: 'pv.settings',
} as const;
