import { useEffect, useMemo, useRef } from 'react';
import { MASONRY_GUTTER_PX, type Artwork } from '@pv/core';
import type { PagedList } from '../../lib/usePagedList.ts';
import {
  boxesByColumn,
  COLUMN_KINDS,
  layoutGrid,
  visibleBoxes,
  type Box,
  type GridKind,
} from '../../lib/grid-layouts.ts';
import { FIRST_SCREEN_PX } from '../../lib/first-screen.ts';
import { replayHeldTaps } from '../../lib/held-taps.ts';
import { masonryColumns } from '../../lib/masonry.ts';
import { useElementWidth } from '../../lib/useElementWidth.ts';
import { useEndReached } from '../../lib/useEndReached.ts';
import { useServerRender } from '../../lib/useServerRender.ts';
import { useViewport } from '../../lib/useViewport.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { GalleryListContext, useGalleryLink } from '../../state/ui/gallery-list.ts';
import { ArtworkCard, CARD_META_HEIGHT_PX, cardAspect } from '../ArtworkCard/ArtworkCard.tsx';
import { GridSkeleton } from './Skeleton.tsx';
import styles from './ImageGrid.module.css';
import type { EmptyMessage } from '../ListFooter/EmptyState.tsx';
import { ListFooter } from '../ListFooter/ListFooter.tsx';

export interface ImageGridProps {
  list: PagedList<Artwork>;
  imageProxy?: string;
  /**
   * A ranking: each card's place (from `rankPositions`). Its cards show their number, and a
   * column layout (Masonry, Lab equal width) gives way to the Grid, whose rows keep the order.
   */
  rankOf?: ReadonlyMap<number, number>;
  /** What the list says when it is empty: why, and what to do. */
  empty?: EmptyMessage;
  /**
   * The canvas's width in a window of a given width, as the server takes it (a grid placed
   * elsewhere than a screen's list: the artwork's related works); by default `serverCanvasWidth`.
   */
  serverWidth?: (windowWidth: number) => number;
  /**
   * The grid comes under other content (the home's random works, an artwork's related works),
   * below the first screen: none of its pictures loads with the HTML (lib/first-screen.ts).
   */
  belowContent?: boolean;
}

/** The layout a ranking uses: the chosen one when it fills rows in order, else the Grid. */
export function rowMajorLayout(kind: GridKind): GridKind {
  return kind === 'Masonry' || kind === 'LabEqualWidth' ? 'Grid' : kind;
}

/** Cards are rendered this far above and below the viewport, px. */
const OVERSCAN_PX = 1200;
/**
 * How far down from its top a grid's server-rendered cards load with the HTML, px: a screen's
 * list, its first screen; a grid under other content, none.
 */
export function eagerDepth(belowContent: boolean): number {
  return belowContent ? 0 : FIRST_SCREEN_PX;
}

/**
 * How many cards of the server's grid load with the HTML: the Grid layout's square tiles (and
 * the meta block under each, `metaHeight`), `columns` a row, the rows that start above `depth`.
 */
export function eagerCards(width: number, columns: number, depth: number, metaHeight = 0): number {
  return columns * Math.ceil(depth / Math.max(1, width / columns + metaHeight));
}

/**
 * The width of a screen's content in a window `width` px wide, as the server takes it (it cannot
 * measure): from a desktop width on (AppShell's DESKTOP_QUERY, 1024 px) the content column beside
 * the rail (tokens.css: `--rail-width` 88 px, `--content-max` 1280 px) less its 16 px sides.
 */
export function serverContentWidth(width: number): number {
  return width >= 1024 ? Math.min(width - 88, 1280) - 2 * 16 : width;
}

/**
 * A grid's canvas on the screens that show one as their list (a profile, a search, a series:
 * `--grid-padding-inline`, 12 px a side): 366 px on a 390 px phone and 1,224 px at 1440, as the
 * app then measures them.
 */
export function serverCanvasWidth(width: number): number {
  return Math.max(1, serverContentWidth(width) - 2 * 12);
}

/** Below this grid width the row layouts use smaller rows and tiles, px. */
const NARROW_PX = 600;

/** Row height of Justified and Lab equal height, and the Lab equal size tile, for a width. */
function rowSizes(inner: number) {
  const narrow = inner < NARROW_PX;
  return {
    rowHeight: narrow ? 150 : 220,
    tileSize: narrow ? Math.floor((inner - MASONRY_GUTTER_PX) / 2) : 200,
  };
}

/**
 * The grid of artwork cards in the layout the settings choose (Masonry, Grid, Justified, the lab
 * variants), with the list engine's states and infinite paging. Card boxes come from aspect
 * ratios alone, and only the cards near the viewport are in the DOM.
 */
export function ImageGrid({
  list,
  imageProxy,
  rankOf,
  empty,
  serverWidth = serverCanvasWidth,
  belowContent = false,
}: ImageGridProps) {
  const { app } = useSettings();
  const columnsRef = useRef<HTMLDivElement>(null);
  const server = useServerRender();
  // The canvas's own width: the grid's padding is outside it. On the server (and in the app's
  // first render over its markup) the width it takes for the window's, so that its Masonry places
  // cards as the app will at that width.
  const measured = useElementWidth(columnsRef);
  const inner = Math.max(1, server ? serverWidth(measured) : measured);
  const columns = masonryColumns(inner);
  const metaHeight = app.isImageCardOuterMeta ? CARD_META_HEIGHT_PX : 0;
  const kind = rankOf ? rowMajorLayout(app.wfType) : app.wfType;
  const layout = useMemo(
    () =>
      layoutGrid(kind, {
        items: list.items,
        width: inner,
        columns,
        gap: MASONRY_GUTTER_PX,
        aspectOf: cardAspect,
        metaHeight,
        ...rowSizes(inner),
      }),
    [kind, list.items, inner, columns, metaHeight],
  );
  const viewport = useViewport(columnsRef);
  const visible = visibleBoxes(
    layout,
    -viewport.top - OVERSCAN_PX,
    -viewport.top + viewport.height + OVERSCAN_PX,
  );
  const sentinel = useEndReached(list.loadMore, !list.finished && !list.error);
  // a tap on the server's cards, held until the app draws its own (lib/held-taps.ts), is given
  // to the same card's element now
  useEffect(() => {
    if (!server && columnsRef.current) replayHeldTaps(columnsRef.current);
  }, [server]);
  // The first page shows card-shaped placeholders; later pages the footer's text.
  const firstLoad = list.loading && list.items.length === 0 && !list.error;
  // a card opened from here knows its neighbours in this list (the artwork page's swipe)
  const gallery = useGalleryLink(list.items);
  const columnar = COLUMN_KINDS.has(kind);
  const cardOf = (box: Box<Artwork>, eager?: boolean) => (
    <ArtworkCard
      artwork={box.item}
      imageProxy={imageProxy}
      rank={rankOf?.get(box.item.id)}
      eager={eager}
    />
  );
  // The server's markup, and the app's first render over it, cannot measure, and the CSP allows
  // no inline style in markup. A column layout comes as columns of the width the server renders
  // for (its column count; the same cards in each column as the app places them there): a flex
  // row of equal columns, each card as tall as its picture's ratio of the column's width (an SVG
  // sizer's viewBox) plus the meta block; in a canvas whose width takes another column count
  // (`colsN` in container queries) the Grid layout's square boxes instead. The other layouts
  // come as a CSS grid of the Grid
  // layout's boxes (columns by the canvas's width in container queries, the Grid layout's
  // breakpoints). The next render measures and places the cards absolutely, in the list's order
  // from the top (the order of keyboard focus and of a screen reader: a column element per column
  // would take a keyboard down the first column of an endless list and never to the second), so
  // a column layout's cards are new elements there, at the places the server drew them where the
  // window has the width the server took (the pictures are the same, loaded).
  if (server && list.items.length > 0 && columnar) {
    return (
      <div className={`${styles.grid} ${styles.serverGrid}`} data-testid="image-grid">
        <div
          ref={columnsRef}
          className={`${styles.canvas} ${styles.serverColumns} ${styles[`cols${columns}`] ?? ''} ${metaHeight ? styles.outerMeta : ''}`}
          data-card-count={list.items.length}
          data-layout={kind}
          data-server-form=""
        >
          <GalleryListContext.Provider value={gallery}>
            {boxesByColumn(layout.boxes, columns, inner, MASONRY_GUTTER_PX).map((column, c) => (
              <div key={c} className={styles.serverColumn}>
                {column.map((box) => (
                  <div key={box.item.id} className={styles.serverColumnSlot} data-key={box.item.id}>
                    {cardOf(box, box.top < eagerDepth(belowContent))}
                    <svg
                      className={styles.sizer}
                      viewBox={`0 0 1 ${cardAspect(box.item)}`}
                      aria-hidden="true"
                    />
                  </div>
                ))}
              </div>
            ))}
          </GalleryListContext.Provider>
        </div>
        <ListFooter ref={sentinel} list={list} />
      </div>
    );
  }
  if (server && list.items.length > 0) {
    const eagerCount = eagerCards(inner, columns, eagerDepth(belowContent), metaHeight);
    return (
      <div className={`${styles.grid} ${styles.serverGrid}`} data-testid="image-grid">
        <div
          ref={columnsRef}
          className={`${styles.canvas} ${styles.serverCanvas} ${metaHeight ? styles.outerMeta : ''}`}
          data-card-count={list.items.length}
          data-layout={kind}
          data-server-form=""
        >
          <GalleryListContext.Provider value={gallery}>
            {list.items.map((item, i) => (
              <div key={item.id} className={styles.serverSlot} data-key={item.id}>
                <ArtworkCard
                  artwork={item}
                  imageProxy={imageProxy}
                  rank={rankOf?.get(item.id)}
                  eager={i < eagerCount}
                />
              </div>
            ))}
          </GalleryListContext.Provider>
        </div>
        <ListFooter ref={sentinel} list={list} />
      </div>
    );
  }

  return (
    // while the first page loads, its placeholders' columns follow the grid's width (GridSkeleton)
    <div
      className={`${styles.grid} ${firstLoad ? styles.serverGrid : ''}`}
      data-testid="image-grid"
    >
      <div
        ref={columnsRef}
        className={styles.canvas}
        style={server ? undefined : { height: layout.height }}
        data-card-count={list.items.length}
        data-layout={kind}
      >
        <GalleryListContext.Provider value={gallery}>
          {visible.map((box) => (
            <div
              key={box.item.id}
              className={styles.slot}
              style={{ top: box.top, left: box.left, width: box.width, height: box.height }}
              data-key={box.item.id}
            >
              {cardOf(box)}
            </div>
          ))}
        </GalleryListContext.Provider>
      </div>
      {firstLoad && <GridSkeleton />}
      <ListFooter ref={sentinel} list={list} empty={empty} />
    </div>
  );
}
