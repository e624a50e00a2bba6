import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toProxiedImageUrl, type Series } from '@pv/core';
import { useFormat } from '../../lib/format.ts';
import { LinkedText } from '../User/LinkedText.tsx';
import styles from './Series.module.css';

/** A series' cover, title, caption (text and links, never HTML), counts and author. */
export function SeriesHeader({
  series,
  kind,
  imageProxy,
}: {
  series: Series;
  kind: 'illust' | 'novel';
  imageProxy?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className={styles.head} data-testid="series-header">
      {series.cover && (
        <img
          className={`${styles.cover} ${kind === 'novel' ? styles.novelCover : ''}`}
          src={toProxiedImageUrl(series.cover, imageProxy)}
          alt=""
          data-testid="series-cover"
        />
      )}
      <div className={styles.info}>
        <h2 className={styles.title} data-testid="series-title">
          {series.title}
        </h2>
        <Link to={`/users/${series.user.id}`} className={styles.author} data-testid="series-author">
          <img src={toProxiedImageUrl(series.user.avatar, imageProxy)} alt="" />
          {t('series.by', { name: series.user.name })}
        </Link>
        <p className={styles.counts} data-testid="series-counts">
          {t(kind === 'illust' ? 'series.works' : 'series.episodes', {
            count: series.count,
            n: format.number(series.count),
          })}
          {kind === 'novel' && (
            <>
              {' '}
              ·{' '}
              {t('series.characters', {
                count: series.total_character_count,
                n: format.number(series.total_character_count),
              })}
            </>
          )}
        </p>
        {series.caption && (
          <p className={styles.caption} data-testid="series-caption">
            <LinkedText text={series.caption} />
          </p>
        )}
      </div>
    </section>
  );
}
