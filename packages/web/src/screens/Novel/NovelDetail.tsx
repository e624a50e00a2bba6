import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAiArtwork, type Novel, type NovelText } from '@pv/core';
import { FollowButton } from '../../components/FollowButton/FollowButton.tsx';
import { useDateFormat, useFormat } from '../../lib/format.ts';
import { useCanFollow } from '../../state/queries/follow.ts';
import { useLocalAppSignedIn } from '../../state/settings/client-config.ts';
import { NovelActions } from './NovelActions.tsx';
import { NovelSeriesNav } from './NovelSeriesNav.tsx';
import { NovelCaption } from './NovelCaption.tsx';
import { readingMinutes } from './novel-detail.ts';
import styles from './NovelDetail.module.css';

export interface NovelDetailProps {
  novel: Novel;
  /** The text object, once loaded: it carries the series neighbours. */
  text: NovelText | undefined;
  proxy: (url: string) => string;
  /** Changes when a translation starts: the caption shrinks again. */
  captionKey: number;
}

/** The novel's head: cover, title, author, counts, length and reading time, caption and tags. */
export function NovelDetail({ novel, text, proxy, captionKey }: NovelDetailProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const dates = useDateFormat();
  const signedIn = useLocalAppSignedIn();
  const canFollow = useCanFollow(novel.author.id);
  return (
    <header className={styles.detail} data-testid="novel-detail">
      <img
        className={styles.cover}
        src={proxy(novel.images[0].l || novel.thumbnail)}
        alt=""
        width={240}
        height={480}
        data-testid="novel-cover"
      />
      <div className={styles.body}>
        <h2 className={styles.title} data-testid="novel-title">
          {novel.title}
        </h2>
        <div className={styles.authorRow}>
          <Link
            to={`/users/${novel.author.id}`}
            className={styles.author}
            data-testid="novel-author"
          >
            <img src={proxy(novel.author.avatar)} alt="" className={styles.avatar} />
            <span>{novel.author.name}</span>
          </Link>
          {canFollow && <FollowButton key={novel.author.id} user={novel.author} />}
        </div>
        <p className={styles.counts} data-testid="novel-counts">
          <span data-testid="novel-length">
            {t('novel_card.text_length', {
              count: novel.text_length,
              n: format.number(novel.text_length),
            })}
          </span>
          <span data-testid="novel-reading-time">
            {t('novel.reading_time', {
              count: readingMinutes(novel.text_length),
              n: format.number(readingMinutes(novel.text_length)),
            })}
          </span>
          <span>{t('artwork.views', { count: novel.view, n: format.number(novel.view) })}</span>
          <span>{t('artwork.likes', { count: novel.like, n: format.number(novel.like) })}</span>
          <span className={styles.posted}>
            {t('artwork.posted', { date: dates.date(novel.created, 'datetime') })}
          </span>
        </p>
        {novel.series && <NovelSeriesNav series={novel.series} text={text} />}
        <NovelActions novel={novel} text={text} signedIn={signedIn} />
        <NovelCaption key={captionKey} caption={novel.caption} />
        <ul className={styles.tags} aria-label={t('novel_card.tags')}>
          {novel.x_restrict > 0 && (
            <li className={styles.restrict}>{novel.x_restrict === 2 ? 'R-18G' : 'R-18'}</li>
          )}
          {isAiArtwork(novel) && <li className={styles.restrict}>{t('artwork.ai')}</li>}
          {novel.tags.map((tag) => (
            <li key={tag.name}>
              <Link
                to={`/search_novel/${encodeURIComponent(tag.name)}`}
                className={styles.tag}
                data-testid="novel-tag"
              >
                #{tag.name}
                {tag.translated_name && (
                  <span className={styles.translated}>{tag.translated_name}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
