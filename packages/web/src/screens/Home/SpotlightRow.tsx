import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardRow, toProxiedImageUrl } from '@pv/core';
import { useSpotlightHead, useSpotlightLang } from '../../state/queries/spotlights.ts';
import rowStyles from '../../components/CardRow/CardRow.module.css';
import { MoreSlide } from '../../components/CardRow/MoreSlide.tsx';
import { Skeleton, SkeletonList } from '../../components/ImageGrid/Skeleton.tsx';
import { useEagerInRow } from '../../lib/first-screen.ts';
import { useMediaQuery } from '../../lib/useMediaQuery.ts';
import styles from './Home.module.css';
import { RowScroller } from '../../components/CardRow/RowScroller.tsx';

/**
 * An article's width and the gap after it (Home.module.css `.spotlightItem`, CardRow's `.row`),
 * px. The row is in the home's first screen: the covers the window shows of it load with the
 * HTML (two on a 390 px phone, six at 1440 px; lib/first-screen.ts), the rest as the browser's
 * lazy loading brings them near.
 */
const SPOTLIGHT_ITEM_PX = 240 + 8;

/** Below this width a spotlight opens as an article (the mobile detail screen). */
const NARROW_QUERY = '(max-width: 767px)';

/** Narrow screens open the article variant, wide ones the illustration variant (spec 000 §2). */
export function spotlightHref(id: number, narrow: boolean): string {
  return narrow ? `/a/${id}` : `/spotlight/${id}`;
}

/**
 * The home spotlight card: the newest 10 pixivision articles and a 'more' slide (articles 10 to
 * 15 behind it); the heading and the slide lead to the list.
 */
export function SpotlightRow({ imageProxy }: { imageProxy?: string }) {
  const { t } = useTranslation();
  const lang = useSpotlightLang();
  const head = useSpotlightHead(lang);
  // follows resizes: a window narrowed later opens the article variant too
  const narrow = useMediaQuery(NARROW_QUERY);
  const { shown: articles, more } = cardRow(head.data?.articles ?? []);
  const eagerCovers = useEagerInRow(SPOTLIGHT_ITEM_PX);
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
        <SkeletonList count={4} className={rowStyles.row} testId="row-loading">
          {(i) => <Skeleton key={i} className={styles.spotlightSkeleton} />}
        </SkeletonList>
      ) : head.isError || articles.length === 0 ? (
        <p className={rowStyles.state}>{t('common.no_data')}</p>
      ) : (
        <RowScroller className={rowStyles.row}>
          {articles.map((a, i) => (
            <Link
              key={a.id}
              to={spotlightHref(a.id, narrow)}
              className={styles.spotlightItem}
              data-testid="spotlight-row-item"
            >
              <img
                src={toProxiedImageUrl(a.cover, imageProxy)}
                alt=""
                loading={i < eagerCovers ? 'eager' : 'lazy'}
              />
              <span>{a.title}</span>
            </Link>
          ))}
          <MoreSlide
            to="/spotlights"
            className={styles.spotlightMore}
            images={more.map((a) => ({ key: a.id, src: toProxiedImageUrl(a.cover, imageProxy) }))}
          />
        </RowScroller>
      )}
    </section>
  );
}
