import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_CARD_ITEMS, toProxiedImageUrl } from '@pv/core';
import { useSpotlightHead, useSpotlightLang } from '../../state/queries/spotlights.ts';
import rowStyles from '../../components/CardRow/CardRow.module.css';
import styles from './Home.module.css';

/** Narrow screens open the article variant, wide ones the illustration variant (spec 000 §2). */
export function spotlightHref(id: number, narrow: boolean): string {
  return narrow ? `/a/${id}` : `/spotlight/${id}`;
}

/** The home spotlight card: the newest pixivision articles; the heading leads to the list. */
export function SpotlightRow({ imageProxy }: { imageProxy?: string }) {
  const { t } = useTranslation();
  const lang = useSpotlightLang();
  const head = useSpotlightHead(lang);
  const narrow = typeof window !== 'undefined' && window.matchMedia('(max-width: 767px)').matches;
  const articles = head.data?.articles.slice(0, HOME_CARD_ITEMS) ?? [];
  return (
    <section
      className={rowStyles.card}
      data-testid="home-spotlights"
      aria-label={t('home.spotlights')}
    >
      <h2 className={rowStyles.heading}>
        <Link to="/spotlights">{t('home.spotlights')}</Link>
      </h2>
      {head.isPending ? (
        <div className={rowStyles.row} aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className={`${styles.spotlightItem} ${rowStyles.skeleton}`} />
          ))}
        </div>
      ) : head.isError || articles.length === 0 ? (
        <p className={rowStyles.state}>{t('common.no_data')}</p>
      ) : (
        <div className={rowStyles.row}>
          {articles.map((a) => (
            <Link
              key={a.id}
              to={spotlightHref(a.id, narrow)}
              className={styles.spotlightItem}
              data-testid="spotlight-row-item"
            >
              <img src={toProxiedImageUrl(a.cover, imageProxy)} alt="" loading="lazy" />
              <span>{a.title}</span>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
