import { useEffect } from 'react';
import { useSettings } from '../../state/settings/settings.ts';

/** Applies the theme settings to the document: dark mode, the accent colour and the page font. */
export function ThemeSync() {
  const { app } = useSettings();
  useEffect(() => {
    const root = document.documentElement;
    if (app.theme === 'auto') delete root.dataset.theme;
    else root.dataset.theme = app.theme;
    root.style.setProperty('--accent', app.accent);
    // The chosen font first, the default stack behind it (styles/globals.css).
    if (app.pageFont) root.style.setProperty('--page-font', `"${app.pageFont}", var(--font)`);
    else root.style.removeProperty('--page-font');
  }, [app.theme, app.accent, app.pageFont]);
  return null;
}
