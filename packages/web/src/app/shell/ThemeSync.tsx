import { useEffect } from 'react';
import { accentTokens } from '@pv/core';
import { useSettings } from '../../state/settings/settings.ts';

/**
 * Applies the theme settings to the document: dark mode, the accent colour (and the colours
 * derived from it for contrast), the page font and the body background (withBodyBg: a soft wash of the accent behind the pages, globals.css).
 */
export function ThemeSync() {
  const { app } = useSettings();
  useEffect(() => {
    const root = document.documentElement;
    if (app.theme === 'auto') delete root.dataset.theme;
    else root.dataset.theme = app.theme;
    root.style.setProperty('--accent', app.accent);
    // Text on the accent and the accent as text, readable whatever the colour (WCAG AA).
    for (const [name, value] of Object.entries(accentTokens(app.accent)))
      root.style.setProperty(name, value);
    // The chosen font first, the default stack behind it (styles/globals.css).
    if (app.pageFont) root.style.setProperty('--page-font', `"${app.pageFont}", var(--font)`);
    else root.style.removeProperty('--page-font');
    if (app.withBodyBg) root.dataset.bodyBg = '';
    else delete root.dataset.bodyBg;
  }, [app.theme, app.accent, app.pageFont, app.withBodyBg]);
  return null;
}
