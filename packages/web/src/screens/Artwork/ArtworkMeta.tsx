import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Artwork } from '@pv/core';
import { useFormat } from '../../lib/format.ts';
import { showToast } from '../../state/ui/toast.ts';
import { ArtworkCaption } from './ArtworkCaption.tsx';
import { ArtworkTags } from './ArtworkTags.tsx';
import styles from './ArtworkMeta.module.css';
import { DateTime } from '../../components/DateTime/DateTime.tsx';

/** Copies `text`; the toast says whether it worked (spec 001 §8 copy-error toast). */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast('artwork.copied');
  } catch {
    showToast('tip.copy_err', { error: true });
  }
}

/**
 * The work's metadata: title, caption, views, bookmarks, comments, resolution, date, the id
 * (a click copies it) and the tags.
 */
export function ArtworkMeta({ artwork }: { artwork: Artwork }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className={styles.meta} aria-labelledby="artwork-title">
      <h2 id="artwork-title" className={styles.title} data-testid="artwork-title">
        {artwork.title}
      </h2>
      {artwork.series && (
        <Link
          to={`/user/${artwork.author.id}/series/${artwork.series.id}`}
          className={styles.series}
          data-testid="artwork-series"
        >
          {t('novel_card.series', { title: artwork.series.title })}
        </Link>
      )}
      <ArtworkCaption caption={artwork.caption} />
      <dl className={styles.facts} data-testid="artwork-counts">
        <div>
          <dt>{t('artwork.views_label')}</dt>
          <dd data-testid="artwork-views">{format.number(artwork.view)}</dd>
        </div>
        <div>
          <dt>{t('artwork.likes_label')}</dt>
          <dd data-testid="artwork-likes">{format.number(artwork.like)}</dd>
        </div>
        {artwork.comments !== undefined && (
          <div>
            <dt>{t('artwork.comments_label')}</dt>
            <dd data-testid="artwork-comments-count">{format.number(artwork.comments)}</dd>
          </div>
        )}
        <div>
          <dt>{t('artwork.size_label')}</dt>
          <dd data-testid="artwork-size">
            {artwork.width}×{artwork.height}
          </dd>
        </div>
        {artwork.count > 1 && (
          <div>
            <dt>{t('artwork.pages_label')}</dt>
            <dd data-testid="artwork-pages">{format.number(artwork.count)}</dd>
          </div>
        )}
      </dl>
      <p className={styles.line}>
        <DateTime value={artwork.created} data-testid="artwork-date" />
        <button
          type="button"
          className={styles.id}
          onClick={() => void copyText(String(artwork.id))}
          title={t('artwork.copy_id')}
          data-testid="artwork-id"
        >
          ID {artwork.id}
        </button>
      </p>
      <ArtworkTags artwork={artwork} />
    </section>
  );
}
