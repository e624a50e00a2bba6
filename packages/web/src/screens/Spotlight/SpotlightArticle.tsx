import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toProxiedImageUrl, type SpotlightDetail, type SpotlightRelated } from '@pv/core';
import { SpotlightCard } from '../../components/SpotlightCard/SpotlightCard.tsx';
import cardStyles from '../../components/SpotlightCard/SpotlightCard.module.css';
import { SpotlightBody } from './SpotlightBody.tsx';
import styles from './Spotlight.module.css';
import { DateTime } from '../../components/DateTime/DateTime.tsx';

export type SpotlightVariant = 'illust' | 'article';

interface Props {
  detail: SpotlightDetail;
  variant: SpotlightVariant;
  imageProxy?: string;
}

interface RelatedProps {
  heading: string;
  related: SpotlightRelated;
  imageProxy?: string;
  testId: string;
}

function Related(props: RelatedProps) {
  if (props.related.items.length === 0) return null;
  return (
    <section className={styles.related} data-testid={props.testId}>
      <h2>{props.heading}</h2>
      <div className={cardStyles.grid}>
        {props.related.items.map((a) => (
          <SpotlightCard
            key={a.id}
            article={a}
            to={`/spotlight/${a.id}`}
            imageProxy={props.imageProxy}
          />
        ))}
      </div>
    </section>
  );
}

function Works({ detail, variant, imageProxy }: Props) {
  const img = (url: string) => toProxiedImageUrl(url, imageProxy);
  return (
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
  );
}

/**
 * The article itself. The illustration variant shows the introduction and the works as a grid;
 * the article variant shows pixivision's body (introduction, text, images and works in its
 * order), or the works as a list when the body is empty.
 */
export function SpotlightArticle({ detail, variant, imageProxy }: Props) {
  const { t } = useTranslation();
  const withBody = variant === 'article' && detail.content.trim() !== '';
  return (
    <article className={styles.article} data-testid={`spotlight-${variant}`}>
      {detail.cover && (
        <img className={styles.eyecatch} src={toProxiedImageUrl(detail.cover, imageProxy)} alt="" />
      )}
      <h2 className={styles.title} data-testid="spotlight-title">
        {detail.title}
      </h2>
      {detail.date && <DateTime className={styles.date} value={detail.date} show="date" />}
      {withBody ? (
        <SpotlightBody html={detail.content} imageProxy={imageProxy} />
      ) : (
        <>
          {detail.desc && (
            <div className={styles.desc} data-testid="spotlight-desc">
              {detail.desc.split('\n').map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          )}
          <Works detail={detail} variant={variant} imageProxy={imageProxy} />
        </>
      )}
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
  );
}
