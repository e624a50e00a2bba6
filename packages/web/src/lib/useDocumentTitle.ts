import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** What a server render's titles go to (titleSink). */
export interface TitleSink {
  name(title: string): void;
}

/**
 * Where a server render (entry-server.tsx) collects the page's title, for the `<title>` of the
 * HTML it sends (issue 33: a tab, a bookmark, the history and a page read without JavaScript are
 * named as the app names them, before any app code runs). Null in the app, which sets
 * `document.title` from an effect.
 */
export const DocumentTitleSink = createContext<TitleSink | null>(null);

/**
 * A sink for one server render and the title it ends with: the first it is given, for a parent
 * renders before its children, and in the app its effect, run last, is the one that stays.
 */
export function titleSink(): { sink: TitleSink; title: () => string | undefined } {
  let first: string | undefined;
  return {
    sink: { name: (title) => void (first ??= title) },
    title: () => first,
  };
}

/**
 * Names the page in the browser tab and history: "{title} - {app name}", or the app name alone
 * while `title` is not known yet (data still loading). Every screen calls it once with a text
 * already in the user's language (e.g. "{work} - {author}", "#{tag} search", "Daily ranking").
 *
 * A screen that shows the 404 page instead of itself passes `notFound`: its own effect runs after
 * the 404 page's (a parent's effects run last), so it must name the page as the 404 page does.
 * A server render keeps the first title it meets for the same reason (titleSink).
 */
export function useDocumentTitle(title: string | undefined | null, notFound = false) {
  const { t } = useTranslation();
  const app = t('app.name');
  const shown = notFound ? `404 · ${t('notfound.title')}` : title;
  const named = shown ? `${shown} - ${app}` : app;
  useContext(DocumentTitleSink)?.name(named);
  useEffect(() => {
    // the same text again (a page the server named) is not written again
    if (document.title !== named) document.title = named;
  }, [named]);
}
