import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toProxiedImageUrl } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { useFormat } from '../../lib/format.ts';
import { usePidRecover } from '../../state/queries/illust.ts';
import styles from './SpecialWork.module.css';
import { DateTime } from '../../components/DateTime/DateTime.tsx';

/**
 * A work pixiv says does not exist ('no such page', spec 001 §8): what the recovery service kept
 * of it (`/api/pid-recover/{id}`: the date, the tags, a picture per page, each linking to its
 * original), or, when nothing was kept, a clear "deleted or private" screen.
 */
export function DeletedWork({ id, imageProxy }: { id: number; imageProxy?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: pages, isPending } = usePidRecover(id, true);
  if (isPending) {
    return (
      <>
        <TopBar title={t('artwork.title')} />
        <div className={styles.skeleton} data-testid="artwork-loading" />
      </>
    );
  }
  const first = pages?.[0];
  if (!first) {
    return (
      <>
        <TopBar title={t('artwork.title')} />
        <section className={styles.panel} data-testid="artwork-deleted" aria-labelledby="gone">
          <span className={styles.icon} aria-hidden="true">
            ⊘
          </span>
          <h1 id="gone" className={styles.heading}>
            {t('artwork.deleted_title')}
          </h1>
          <p className={styles.text}>{t('artwork.deleted_text')}</p>
          <p className={styles.id}>ID {id}</p>
          <Link to="/" className={styles.action}>
            {t('notfound.back_home')}
          </Link>
        </section>
      </>
    );
  }
  return (
    <>
      <TopBar title={t('artwork.title')} />
      <section className={styles.recovered} data-testid="artwork-recovered" aria-labelledby="kept">
        <header className={styles.notice}>
          <h1 id="kept" className={styles.heading}>
            {t('artwork.recovered_title')}
          </h1>
          <p className={styles.text}>{t('artwork.recovered_text')}</p>
          <p className={styles.facts}>
            <span>ID {id}</span>
            <DateTime value={first.createDate} data-testid="recovered-date" />
            <span>
              {t('artwork.pages', { count: pages.length, n: format.number(pages.length) })}
            </span>
          </p>
          <ul className={styles.tags} aria-label={t('artwork.tags')}>
            {first.tags.map((tag) => (
              <li key={tag}>
                <Link to={`/search/${encodeURIComponent(tag)}`} className={styles.tag}>
                  #{tag}
                </Link>
              </li>
            ))}
          </ul>
        </header>
        <div className={styles.pages}>
          {pages.map((page, i) => (
            <a
              key={page.fileUrl}
              href={toProxiedImageUrl(page.fileUrl, imageProxy)}
              target="_blank"
              rel="noopener noreferrer"
              className={styles.page}
              data-testid="recovered-image"
            >
              <img
                src={toProxiedImageUrl(page.sampleUrl, imageProxy)}
                alt={`${id} ${i + 1}/${pages.length}`}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </a>
          ))}
        </div>
      </section>
    </>
  );
}
