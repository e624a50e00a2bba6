import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { spotlightRedirectsToArticle } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { Skeleton, SkeletonList } from '../../components/ImageGrid/Skeleton.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { useSpotlight, useSpotlightLang } from '../../state/queries/spotlights.ts';
import { SpotlightArticle, type SpotlightVariant } from './SpotlightArticle.tsx';
import styles from './Spotlight.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

export type { SpotlightVariant };

/** The article's placeholder while it loads: the cover, the title and a few lines. */
function ArticleSkeleton() {
  return (
    <SkeletonList count={1} className={styles.article} testId="spotlight-loading">
      {() => (
        <div key="article" className={styles.skeletonArticle}>
          <Skeleton className={styles.skeletonCover} />
          <Skeleton shape="line" className={styles.skeletonTitle} />
          {['95%', '90%', '70%'].map((width) => (
            <Skeleton key={width} shape="line" style={{ width }} />
          ))}
        </div>
      )}
    </SkeletonList>
  );
}

/**
 * A pixivision article. The illustration variant (`/spotlight/{id}`, `/sp/{id}`) shows the works
 * as a grid and sends readers to the article variant (`/a/{id}`, `/pixivision/{id}`) when the
 * article has no description, no works or a withheld work (spec 000 §4).
 */
export function SpotlightDetail({ variant }: { variant: SpotlightVariant }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const lang = useSpotlightLang();
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  const query = useSpotlight(id, lang);
  const detail = query.data;

  useDocumentTitle(detail?.title ?? t('title.spotlight'));
  if (variant === 'illust' && detail && spotlightRedirectsToArticle(detail)) {
    return <Navigate to={`/a/${id}`} replace />;
  }
  return (
    <>
      <TopBar title={detail?.title ?? t('title.spotlight')}>
        {detail && (
          <a
            href={detail.article_url}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.external}
            data-testid="spotlight-external"
          >
            {t('spotlight.open_external')}
          </a>
        )}
      </TopBar>
      {query.isPending ? (
        <ArticleSkeleton />
      ) : query.isError || !detail ? (
        <div className={styles.error} data-testid="spotlight-error">
          <p>{t('spotlight.not_found')}</p>
          <button type="button" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <SpotlightArticle key={id} detail={detail} variant={variant} imageProxy={imageProxy} />
      )}
    </>
  );
}
