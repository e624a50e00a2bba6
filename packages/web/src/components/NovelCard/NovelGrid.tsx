import { useRef } from 'react';
import type { PagedList } from '../../lib/usePagedList.ts';
import { useElementWidth } from '../../lib/useElementWidth.ts';
import { useEndReached } from '../../lib/useEndReached.ts';
import { useServerRender } from '../../lib/useServerRender.ts';
import { useViewport } from '../../lib/useViewport.ts';
import type { Novel } from '@pv/core';
import { NOVEL_CARD_HEIGHT_PX, NovelCard } from './NovelCard.tsx';
import { novelColumns, visibleRows } from './novel-columns.ts';
import { Skeleton, SkeletonList } from '../ImageGrid/Skeleton.tsx';
import styles from './NovelGrid.module.css';
import type { EmptyMessage } from '../ListFooter/EmptyState.tsx';
import { ListFooter } from '../ListFooter/ListFooter.tsx';

/** Space between cards, px (see NovelGrid.module.css). */
const GAP_PX = 8;
const ROW_PX = NOVEL_CARD_HEIGHT_PX + GAP_PX;
/** Rows are rendered this far above and below the viewport, px. */
const OVERSCAN_PX = 1200;
const SKELETON_CARDS = 4;

export interface NovelGridProps {
  list: PagedList<Novel>;
  imageProxy?: string;
  /** A ranking: each card's place (from `rankPositions`), shown on its cover. */
  rankOf?: ReadonlyMap<number, number>;
  /** What the list says when it is empty: why, and what to do. */
  empty?: EmptyMessage;
}

/**
 * The novel list: 1 to 4 columns by width (spec 001 §9), the list engine's states and infinite
 * paging. Cards have one height, so rows are placed by index and only the rows near the viewport
 * are in the DOM.
 */
export function NovelGrid({ list, imageProxy, rankOf, empty }: NovelGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const columns = novelColumns(width);
  const rowCount = Math.ceil(list.items.length / columns);
  const viewport = useViewport(rowsRef);
  const [first, end] = visibleRows(
    rowCount,
    ROW_PX,
    -viewport.top - OVERSCAN_PX,
    -viewport.top + viewport.height + OVERSCAN_PX,
  );
  const sentinel = useEndReached(list.loadMore, !list.finished && !list.error);
  const firstLoad = list.items.length === 0 && list.loading && !list.error;
  // The server's markup, and the app's first render over it, cannot measure: the cards in a CSS
  // grid of the same columns (container queries at the same breakpoints) and rows, with no inline
  // style (the CSP allows none in markup). The next render places the same cards by row.
  const server = useServerRender();
  if (server && list.items.length > 0) {
    return (
      <div ref={ref} className={`${styles.grid} ${styles.serverGrid}`} data-testid="novel-grid">
        <div ref={rowsRef} className={styles.serverRows} data-card-count={list.items.length}>
          {list.items.map((novel) => (
            <NovelCard
              key={novel.id}
              novel={novel}
              imageProxy={imageProxy}
              rank={rankOf?.get(novel.id)}
            />
          ))}
        </div>
        <ListFooter ref={sentinel} list={list} empty={empty} />
      </div>
    );
  }
  const rows = [];
  for (let r = first; r < end; r++) {
    rows.push(
      <div
        key={r}
        className={styles.row}
        style={{ top: r * ROW_PX, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {list.items.slice(r * columns, (r + 1) * columns).map((novel) => (
          <NovelCard
            key={novel.id}
            novel={novel}
            imageProxy={imageProxy}
            rank={rankOf?.get(novel.id)}
          />
        ))}
      </div>,
    );
  }

  return (
    <div
      ref={ref}
      className={`${styles.grid} ${firstLoad ? styles.serverGrid : ''}`}
      data-testid="novel-grid"
    >
      {firstLoad && (
        <SkeletonList
          count={SKELETON_CARDS}
          className={styles.skeletons}
          testId="novel-grid-loading"
        >
          {(i) => <Skeleton key={i} className={styles.skeleton} />}
        </SkeletonList>
      )}
      <div
        ref={rowsRef}
        className={styles.rows}
        style={server ? undefined : { height: Math.max(0, rowCount * ROW_PX - GAP_PX) }}
        data-card-count={list.items.length}
      >
        {rows}
      </div>
      <ListFooter ref={sentinel} list={list} empty={empty} />
    </div>
  );
}
