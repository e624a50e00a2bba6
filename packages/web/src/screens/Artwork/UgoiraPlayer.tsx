import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Artwork } from '@pv/core';
import { toggleUgoira, type UgoiraFrame, type UgoiraState } from '../../lib/ugoira.ts';
import { useUgoiraLoader } from '../../state/queries/ugoira.ts';
import { ApiError } from '../../state/api/errors.ts';
import { showToast } from '../../state/ui/toast.ts';
import styles from './UgoiraPlayer.module.css';

/**
 * Ugoira playback over the first picture (spec 001 §4): idle, loading (the zip's progress bar,
 * 60 s limit), playing and paused; a toggle while loading is ignored; an error resets to idle
 * with a toast. Frames are drawn on a canvas, each for its own delay.
 */
export function UgoiraPlayer({ artwork, imageProxy }: { artwork: Artwork; imageProxy?: string }) {
  const { t } = useTranslation();
  const load = useUgoiraLoader(imageProxy);
  const [state, setState] = useState<UgoiraState>('idle');
  const [progress, setProgress] = useState(0);
  const frames = useRef<UgoiraFrame[]>([]);
  const canvas = useRef<HTMLCanvasElement>(null);

  const toggle = () => {
    const next = toggleUgoira(state);
    if (next === state) return;
    setState(next);
    if (next !== 'loading') return;
    setProgress(0);
    load(artwork.id, setProgress).then(
      (decoded) => {
        frames.current = decoded;
        setState('playing');
      },
      (error: unknown) => {
        setState('idle');
        showToast(error instanceof ApiError ? error.msg : 'ugoira.load_fail', { error: true });
      },
    );
  };

  useEffect(() => {
    if (state !== 'playing') return;
    const list = frames.current;
    const context = canvas.current?.getContext('2d');
    if (!context || list.length === 0) return;
    let index = 0;
    let timer = 0;
    const draw = () => {
      const frame = list[index]!;
      const c = context.canvas;
      if (c.width !== frame.bitmap.width) c.width = frame.bitmap.width;
      if (c.height !== frame.bitmap.height) c.height = frame.bitmap.height;
      context.drawImage(frame.bitmap, 0, 0);
      index = (index + 1) % list.length;
      timer = window.setTimeout(draw, frame.delay);
    };
    draw();
    return () => window.clearTimeout(timer);
  }, [state]);

  return (
    <>
      {(state === 'playing' || state === 'paused') && (
        <canvas
          ref={canvas}
          className={styles.canvas}
          data-testid="ugoira-canvas"
          aria-label={artwork.title}
        />
      )}
      {state === 'loading' && (
        <div
          className={styles.progress}
          role="progressbar"
          aria-label={t('ugoira.loading')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          data-testid="ugoira-progress"
        >
          <span style={{ width: `${progress * 100}%` }} />
        </div>
      )}
      <button
        type="button"
        className={`${styles.toggle} ${state === 'playing' ? styles.playing : ''}`}
        onClick={toggle}
        aria-busy={state === 'loading'}
        aria-label={t(state === 'playing' ? 'ugoira.pause' : 'ugoira.play')}
        data-state={state}
        data-testid="ugoira-toggle"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d={state === 'playing' ? 'M6 5h4v14H6zm8 0h4v14h-4z' : 'M8 5v14l11-7z'} />
        </svg>
      </button>
    </>
  );
}
