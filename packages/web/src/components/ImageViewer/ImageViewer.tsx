import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toProxiedImageUrl, type Artwork } from '@pv/core';
import { useFormat } from '../../lib/format.ts';
import { FITTED, ZOOM_DOUBLE, ZOOM_STEP, pan, swipeStep, zoomTo, type View } from './zoom.ts';
import { useBackCloses } from '../../lib/useBackCloses.ts';
import styles from './ImageViewer.module.css';

export interface ImageViewerProps {
  artwork: Artwork;
  imageProxy?: string;
  /** The page it opens on (0-based). */
  start: number;
  /** The page shown changed (the artwork page's download follows it). */
  onPage?: (page: number) => void;
  onDownload: (page: number) => void;
  onClose: () => void;
}

const ICONS = {
  close:
    'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z',
  prev: 'M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z',
  next: 'M8.6 18.6 10 20l8-8-8-8-1.4 1.4 6.6 6.6z',
  zoomIn: 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z',
  zoomOut: 'M19 13H5v-2h14z',
  original:
    'M19 19H5V5h7V3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-7h-2zM14 3v2h3.6l-9.8 9.8 1.4 1.4L19 6.4V10h2V3z',
  download: 'M5 20h14v-2H5zm14-11h-4V3H9v6H5l7 7z',
};

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

/**
 * The full-screen viewer a tapped picture opens (spec 001 §2.9): one page at a time; zoom by
 * wheel, pinch, double click or the buttons, pan a zoomed picture by dragging, swipe or ← / →
 * between pages, Esc closes. The current page's original can be opened or downloaded; a zoomed
 * page loads its original.
 */
export function ImageViewer(props: ImageViewerProps) {
  const { artwork, imageProxy, onPage, onDownload, onClose } = props;
  const { t } = useTranslation();
  const format = useFormat();
  const ref = useRef<HTMLDialogElement>(null);
  const [page, setPage] = useState(props.start);
  const [view, setView] = useState<View>(FITTED);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ x: number; y: number; distance: number } | null>(null);
  const count = artwork.images.length;
  const image = artwork.images[page]!;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  useBackCloses(true, () => ref.current?.close());

  const go = (step: number) => {
    if (count < 2) return;
    const next = (page + step + count) % count;
    setPage(next);
    setView(FITTED);
    onPage?.(next);
  };
  const zoomBy = (factor: number, at?: { x: number; y: number }) =>
    setView((v) => zoomTo(v, v.scale * factor, at));
  /** A point of the stage relative to its centre. */
  const centred = (x: number, y: number) => {
    const box = ref.current!.getBoundingClientRect();
    return { x: x - box.left - box.width / 2, y: y - box.top - box.height / 2 };
  };
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowRight: () => go(1),
      ArrowLeft: () => go(-1),
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      '0': () => setView(FITTED),
    };
    const action = actions[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };
  const onPointerDown = (e: PointerEvent) => {
    if ((e.target as Element).closest('button, a')) return;
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    gesture.current = { x: e.clientX, y: e.clientY, distance: spread() };
  };
  const onPointerMove = (e: PointerEvent) => {
    const last = pointers.current.get(e.pointerId);
    const g = gesture.current;
    if (!last || !g) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      const distance = spread();
      if (g.distance > 0) zoomBy(distance / g.distance, centred(g.x, g.y));
      g.distance = distance;
      return;
    }
    setView((v) => pan(v, e.clientX - last.x, e.clientY - last.y));
  };
  const onPointerUp = (e: PointerEvent) => {
    const g = gesture.current;
    pointers.current.delete(e.pointerId);
    if (!g || pointers.current.size > 0) return;
    gesture.current = null;
    const step = swipeStep(view, e.clientX - g.x, e.clientY - g.y);
    if (step) go(step);
  };

  const src = toProxiedImageUrl(view.scale > 1 && image.o ? image.o : image.l, imageProxy);
  const original = image.o ? toProxiedImageUrl(image.o, imageProxy) : null;
  return (
    // Keys, wheel and pointers are the picture's gestures; every one has a button as well.
    <dialog
      ref={ref}
      className={styles.viewer}
      aria-label={artwork.title}
      data-testid="image-viewer"
      onClose={onClose}
      onKeyDown={onKeyDown}
    >
      <div
        className={styles.stage}
        data-testid="image-viewer-stage"
        data-scale={view.scale}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onWheel={(e) =>
          zoomBy(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, centred(e.clientX, e.clientY))
        }
        onDoubleClick={(e) =>
          setView((v) =>
            v.scale > 1 ? FITTED : zoomTo(v, ZOOM_DOUBLE, centred(e.clientX, e.clientY)),
          )
        }
      >
        <img
          key={page}
          className={styles.image}
          src={src}
          alt={`${artwork.title} ${page + 1}/${count}`}
          draggable={false}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          data-testid="image-viewer-image"
        />
      </div>
      <div className={styles.bar}>
        <span className={styles.counter} data-testid="image-viewer-counter" aria-live="polite">
          {format.number(page + 1)} / {format.number(count)}
        </span>
        <button
          type="button"
          onClick={() => zoomBy(1 / ZOOM_STEP)}
          aria-label={t('viewer.zoom_out')}
        >
          <Icon d={ICONS.zoomOut} />
        </button>
        <button
          type="button"
          onClick={() => zoomBy(ZOOM_STEP)}
          aria-label={t('viewer.zoom_in')}
          data-testid="image-viewer-zoom-in"
        >
          <Icon d={ICONS.zoomIn} />
        </button>
        {original && (
          <a
            href={original}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('viewer.original')}
            data-testid="image-viewer-original"
          >
            <Icon d={ICONS.original} />
          </a>
        )}
        <button
          type="button"
          onClick={() => onDownload(page)}
          aria-label={t('artwork.download_page', { page: page + 1 })}
          data-testid="image-viewer-download"
        >
          <Icon d={ICONS.download} />
        </button>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label={t('card.close')}
          data-testid="image-viewer-close"
        >
          <Icon d={ICONS.close} />
        </button>
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className={styles.prev}
            onClick={() => go(-1)}
            aria-label={t('card.prev')}
          >
            <Icon d={ICONS.prev} />
          </button>
          <button
            type="button"
            className={styles.next}
            onClick={() => go(1)}
            aria-label={t('card.next')}
            data-testid="image-viewer-next"
          >
            <Icon d={ICONS.next} />
          </button>
        </>
      )}
    </dialog>
  );
}
