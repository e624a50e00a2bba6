import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the page in the browser tab and history: "{title} - {app name}", or the app name alone
 * while `title` is not known yet (data still loading). Every screen calls it once with a text
 * already in the user's language (e.g. "{work} - {author}", "#{tag} search", "Daily ranking").
 *
 * A screen that shows the 404 page instead of itself passes `notFound`: its own effect runs after
 * the 404 page's (a parent's effects run last), so it must name the page as the 404 page does.
 */
export function useDocumentTitle(title: string | undefined | null, notFound = false) {
  const { t } = useTranslation();
  const app = t('app.name');
  const shown = notFound ? `404 · ${t('notfound.title')}` : title;
  useEffect(() => {
    document.title = shown ? `${shown} - ${app}` : app;
  }, [shown, app]);
}
