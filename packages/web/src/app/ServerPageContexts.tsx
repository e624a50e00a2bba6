import type { ReactNode } from 'react';
import {
  FormatTableContext,
  ServerDatesContext,
  carriedFormats,
  serverDates,
} from '../lib/format.ts';
import { ServerMediaContext } from '../lib/useMediaQuery.ts';
import { ServerSettingsContext } from '../state/settings/settings.ts';
import { serverViewportWidth, viewSettings, type PageData } from './server-render.ts';

/**
 * What the app's hydration of a page the server rendered renders with, from the page's data block
 * (issue 33): the width, the settings and the dates' zone the server took, and the numbers and
 * dates it wrote; the app then renders with its own (each hook's server snapshot, then its
 * client one). For a page the app renders itself (`page` null), the app's own from the start.
 * main.tsx builds the app in it; entry-server.test.tsx hydrates as main.tsx does.
 */
export function ServerPageContexts({
  page,
  children,
}: {
  page: PageData | null;
  children: ReactNode;
}) {
  return (
    <ServerMediaContext.Provider value={page ? serverViewportWidth(page.desktop) : null}>
      <ServerSettingsContext.Provider value={viewSettings(page?.view)}>
        <ServerDatesContext.Provider value={serverDates(page?.view?.timeZone)}>
          <FormatTableContext.Provider value={page ? carriedFormats(page.formats) : null}>
            {children}
          </FormatTableContext.Provider>
        </ServerDatesContext.Provider>
      </ServerSettingsContext.Provider>
    </ServerMediaContext.Provider>
  );
}
