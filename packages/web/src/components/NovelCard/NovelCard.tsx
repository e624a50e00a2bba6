import { memo, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAiArtwork, toProxiedImageUrl, type Novel } from '@pv/core';
import styles from './NovelCard.module.css';
import { RankBadge } from '../ArtworkCard/RankBadge.tsx';
import { useFormat } from '../../lib/format.ts';

/** The card's fixed height, px: the grid places rows by it without measuring. */
export const NOVEL_CARD_HEIGHT_PX = 156;
/** Tags shown on a card; the rest are left out. */
const CARD_TAGS = 6;

export interface NovelCardProps {
  novel: Novel;
  imageProxy?: string;
  /** The novel's place in a ranking (1 is first), shown on the cover. */
  rank?: number;
  /** The cover loads at once and before the page's other pictures (a first row's first card). */
  priority?: boolean;
}

/**
 * Novel card: cover, title, author, R-18 / R-18G / AI badges, text length, bookmarks, series
 * and tags. A click anywhere but on its links opens the novel.
 */
export const NovelCard = memo(function NovelCard({
  novel,
  imageProxy,
  rank,
  priority = false,
}: NovelCardProps) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const navigate = useNavigate();
  const to = `/novel/${novel.id}`;
  const open = (e: MouseEvent<HTMLElement>) => {
    if ((e.target as Element).closest('a')) return;
    void navigate(to);
  };
  return (
    // The whole card is a pointer target for convenience; keyboard users have the title link.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <article className={styles.card} onClick={open} data-testid="novel-card">
      {rank !== undefined && (
        <span className={styles.rankPlace}>
          <RankBadge rank={rank} />
        </span>
      )}
      <Link to={to} className={styles.cover} tabIndex={-1} aria-hidden="true">
        <img
          src={toProxiedImageUrl(novel.images[0]?.m ?? novel.thumbnail, imageProxy)}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          data-testid="novel-card-cover"
        />
      </Link>
      <div className={styles.meta}>
        <Link to={to} className={styles.title} data-testid="novel-card-title">
          {novel.title}
        </Link>
        <Link
          to={`/users/${novel.author.id}`}
          className={styles.author}
          data-testid="novel-card-author"
        >
          {novel.author.name}
        </Link>
        <div className={styles.stats}>
          {novel.x_restrict === 1 && (
            <span className={`${styles.badge} ${styles.r18}`} data-testid="badge-r18">
              R-18
            </span>
          )}
          {novel.x_restrict === 2 && (
            <span className={`${styles.badge} ${styles.r18g}`} data-testid="badge-r18g">
              R-18G
            </span>
          )}
          {isAiArtwork(novel) && (
            <span className={`${styles.badge} ${styles.ai}`} data-testid="badge-ai">
              AI
            </span>
          )}
          <span data-testid="novel-card-length">
            {t('novel_card.text_length', {
              count: novel.text_length,
              n: number(novel.text_length),
            })}
          </span>
          <span data-testid="novel-card-likes" title={t('novel_card.bookmarks')}>
            ♥ {number(novel.like)}
          </span>
        </div>
        {novel.series ? (
          <Link
            to={`/novel/series/${novel.series.id}`}
            className={styles.series}
            data-testid="novel-card-series"
          >
            {t('novel_card.series', { title: novel.series.title })}
          </Link>
        ) : (
          <span className={styles.series} />
        )}
        <ul className={styles.tags} aria-label={t('novel_card.tags')}>
          {novel.tags.slice(0, CARD_TAGS).map((tag) => (
            <li key={tag.name}>
              <Link to={`/search_novel/${encodeURIComponent(tag.name)}`} data-testid="novel-tag">
                #{tag.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
});
