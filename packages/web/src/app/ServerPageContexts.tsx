import type { ReactNode } from 'react';
import {
  FormatTableContext,
  ServerDatesContext,
  carriedFormats,
  serverDates,
  type FormatTable,
} from '../lib/format.ts';
import { ServerMediaContext } from '../lib/useMediaQuery.ts';
import { ServerSettingsContext } from '../state/settings/settings.ts';
import { serverViewportWidth, viewSettings, type PageData } from './server-render.ts';

/**
 * What a page the server renders is rendered with, on the server and in the app's hydration of it,
 * from the same page data (issue 33): the width, the settings and the dates' zone the server took,
 * and the numbers and dates it wrote (`formats`: the table the server's render records them into;
 * in the app, the texts the page's data block carries). The app then renders with its own (each
 * hook's server snapshot, then its client one). For a page the app renders itself (`page` null),
 * the app's own from the start. entry-server.tsx renders in it, main.tsx builds the app in it, and
 * entry-server.test.tsx hydrates as main.tsx does.
 */
export function ServerPageContexts({
  page,
  formats,
  children,
}: {
  page: Pick<PageData, 'desktop' | 'view' | 'formats'> | null;
  formats?: FormatTable;
  children: ReactNode;
}) {
  return (
    <ServerMediaContext.Provider value={page ? serverViewportWidth(page.desktop) : null}>
      <ServerSettingsContext.Provider value={viewSettings(page?.view)}>
        <ServerDatesContext.Provider value={serverDates(page?.view?.timeZone)}>
          <FormatTableContext.Provider
            value={formats ?? (page ? carriedFormats(page.formats) : null)}
          >
            {children}
          </FormatTableContext.Provider>
        </ServerDatesContext.Provider>
      </ServerSettingsContext.Provider>
    </ServerMediaContext.Provider>
  );
}
