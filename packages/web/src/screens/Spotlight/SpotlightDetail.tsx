import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { spotlightRedirectsToArticle, toProxiedImageUrl, type SpotlightRelated } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { SpotlightCard } from '../../components/SpotlightCard/SpotlightCard.tsx';
import cardStyles from '../../components/SpotlightCard/SpotlightCard.module.css';
import { useServerConfig } from '../../state/queries/config.ts';
import { useSpotlight, useSpotlightLang } from '../../state/queries/spotlights.ts';
import { useFormat } from '../../lib/format.ts';
import styles from './Spotlight.module.css';

export type SpotlightVariant = 'illust' | 'article';

function Related({
  heading,
  related,
  imageProxy,
  testId,
}: {
  heading: string;
  related: SpotlightRelated;
  imageProxy?: string;
  testId: string;
}) {
  if (related.items.length === 0) return null;
  return (
    <section className={styles.related} data-testid={testId}>
      <h2>{heading}</h2>
      <div className={cardStyles.grid}>
        {related.items.map((a) => (
          <SpotlightCard key={a.id} article={a} to={`/spotlight/${a.id}`} imageProxy={imageProxy} />
        ))}
      </div>
    </section>
  );
}

/**
 * A pixivision article. The illustration variant (`/spotlight/{id}`, `/sp/{id}`) shows the works
 * as a grid and sends readers to the article variant (`/a/{id}`, `/pixivision/{id}`) when the
 * article has no description, no works or a withheld work (spec 000 §4).
 */
export function SpotlightDetail({ variant }: { variant: SpotlightVariant }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = Number(useParams().id);
  const lang = useSpotlightLang();
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  const query = useSpotlight(id, lang);
  const detail = query.data;
  const img = (url: string) => toProxiedImageUrl(url, imageProxy);

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
        <div className={styles.skeleton} aria-busy="true" data-testid="spotlight-loading" />
      ) : query.isError || !detail ? (
        <div className={styles.error} data-testid="spotlight-error">
          <p>{t('spotlight.not_found')}</p>
          <button type="button" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <article className={styles.article} data-testid={`spotlight-${variant}`}>
          {detail.cover && <img className={styles.eyecatch} src={img(detail.cover)} alt="" />}
          <h1 className={styles.title} data-testid="spotlight-title">
            {detail.title}
          </h1>
          {detail.date && (
            <time className={styles.date} dateTime={detail.date}>
              {format.date(detail.date)}
            </time>
          )}
          {detail.desc && (
            <div className={styles.desc} data-testid="spotlight-desc">
              {detail.desc.split('\n').map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          )}
          <div className={variant === 'illust' ? styles.works : styles.workList}>
            {detail.items.map((item) => (
              <figure key={item.illust_id} className={styles.work} data-testid="spotlight-item">
                <Link to={`/artworks/${item.illust_id}`} className={styles.workImage}>
                  <img src={img(item.illust_url)} alt={item.title} loading="lazy" />
                </Link>
                <figcaption>
                  <Link to={`/artworks/${item.illust_id}`} className={styles.workTitle}>
                    {item.title}
                  </Link>
                  <Link to={`/users/${item.user_id}`} className={styles.workAuthor}>
                    {item.user_avatar && <img src={img(item.user_avatar)} alt="" loading="lazy" />}
                    {item.user_name}
                  </Link>
                </figcaption>
              </figure>
            ))}
          </div>
          {detail.tags.length > 0 && (
            <ul className={styles.tags}>
              {detail.tags.map((tag) => (
                <li key={tag}>
                  <Link to={`/search/${encodeURIComponent(tag)}`}>#{tag}</Link>
                </li>
              ))}
            </ul>
          )}
          <Related
            heading={t('spotlight.related_latest', { tag: detail.related_latest.tag_name })}
            related={detail.related_latest}
            imageProxy={imageProxy}
            testId="spotlight-related-latest"
          />
          <Related
            heading={t('spotlight.related_recommend')}
            related={detail.related_recommend}
            imageProxy={imageProxy}
            testId="spotlight-related-recommend"
          />
        </article>
      )}
    </>
  );
}
