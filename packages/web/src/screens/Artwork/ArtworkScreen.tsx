import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAiArtwork, toProxiedImageUrl } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { useIllust } from '../../state/queries/illust.ts';
import { ApiError } from '../../state/api/errors.ts';
import { useRecordHistory } from '../../state/db/history.ts';
import { useFormat } from '../../lib/format.ts';
import styles from './ArtworkScreen.module.css';

export default function ArtworkScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const id = Number(useParams().id);
  const { imageProxy } = useServerConfig();
  const { data: artwork, error, isPending } = useIllust(id);
  useRecordHistory('illusts', artwork);
  const proxy = (url: string) => toProxiedImageUrl(url, imageProxy ?? undefined);

  if (error || !Number.isSafeInteger(id) || id <= 0) {
    const key = error instanceof ApiError ? error.msg : 'artwork.not_found';
    return (
      <>
        <TopBar title={t('artwork.title')} />
        <p className={styles.message} data-testid="artwork-error">
          {t(key === 'tip.unknown_err' ? 'artwork.not_found' : key)}
        </p>
      </>
    );
  }
  if (isPending || !artwork) {
    return (
      <>
        <TopBar title={t('artwork.title')} />
        <div className={styles.skeleton} data-testid="artwork-loading" />
      </>
    );
  }
  return (
    <>
      <TopBar title={artwork.title} />
      <div className={styles.layout}>
        <div className={styles.images}>
          {artwork.images.map((image, page) => (
            <img
              key={page}
              className={styles.image}
              data-testid="artwork-image"
              src={proxy(image.l)}
              alt={`${artwork.title} ${page + 1}/${artwork.count}`}
              width={artwork.width}
              height={page === 0 ? artwork.height : undefined}
              loading={page === 0 ? 'eager' : 'lazy'}
            />
          ))}
        </div>
        <section className={styles.meta}>
          <h2 className={styles.title} data-testid="artwork-title">
            {artwork.title}
          </h2>
          <Link
            to={`/users/${artwork.author.id}`}
            className={styles.author}
            data-testid="artwork-author"
          >
            <img src={proxy(artwork.author.avatar)} alt="" className={styles.avatar} />
            <span>{artwork.author.name}</span>
          </Link>
          <p className={styles.counts} data-testid="artwork-counts">
            <span>
              {t('artwork.views', { count: artwork.view, n: format.number(artwork.view) })}
            </span>
            <span>
              {t('artwork.likes', { count: artwork.like, n: format.number(artwork.like) })}
            </span>
            {artwork.count > 1 && (
              <span>
                {t('artwork.pages', { count: artwork.count, n: format.number(artwork.count) })}
              </span>
            )}
          </p>
          <ul className={styles.tags}>
            {artwork.x_restrict > 0 && (
              <li className={styles.restrict}>{artwork.x_restrict === 2 ? 'R-18G' : 'R-18'}</li>
            )}
            {isAiArtwork(artwork) && <li className={styles.restrict}>{t('artwork.ai')}</li>}
            {artwork.tags.map((tag) => (
              <li key={tag.name} className={styles.tag} data-testid="artwork-tag">
                <span>#{tag.name}</span>
                {tag.translated_name && (
                  <span className={styles.translated}>{tag.translated_name}</span>
                )}
              </li>
            ))}
          </ul>
          <p className={styles.date}>
            {t('artwork.posted', { date: format.date(artwork.created, 'datetime') })}
          </p>
          <a
            className={styles.external}
            href={artwork.illust_url}
            target="_blank"
            rel="noreferrer noopener"
          >
            {t('artwork.open_on_pixiv')}
          </a>
        </section>
      </div>
    </>
  );
}
