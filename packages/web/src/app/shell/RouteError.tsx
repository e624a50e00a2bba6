import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../../lib/chunk-error.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useHydratedMark } from '../../lib/useHydratedMark.ts';
import { reloadOnceForChunkError } from './chunk-reload.ts';
import styles from './RouteError.module.css';

/**
 * What a screen that failed shows instead of React Router's developer page: what happened and a
 * reload. A chunk that failed to load (a redeploy, or offline) first reloads once by itself.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  // The explanation shows meanwhile, and stays when the reload was already tried.
  useEffect(() => {
    if (chunk) reloadOnceForChunkError();
  }, [chunk]);
  useDocumentTitle(t('error.route_title'));
  // the shell's own failure renders this in its place: the page is still the app's
  useHydratedMark();
  return (
    <section className={styles.page} role="alert" data-testid="route-error">
      <h1 className={styles.title}>{t('error.route_title')}</h1>
      <p className={styles.text}>{chunk ? t('error.chunk_body') : t('tip.unknown_err')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
        <a className={styles.home} href="/">
          {t('common.home')}
        </a>
      </div>
    </section>
  );
}
