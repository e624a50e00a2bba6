import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the page in the browser tab and history: "{title} - {app name}", or the app name alone
 * while `title` is not known yet (data still loading). Every screen calls it once with a text
 * already in the user's language (e.g. "{work} - {author}", "#{tag} search", "Daily ranking").
 */
export function useDocumentTitle(title: string | undefined | null) {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} - ${app}` : app;
  }, [title, app]);
}
