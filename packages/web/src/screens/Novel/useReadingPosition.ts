/**
 * Keeps the reading position of a novel (issue 14): restored when the text is shown, saved as the
 * reader scrolls (the page in horizontal mode, the text box sideways in vertical mode). The
 * position is the fraction of the text read, so it survives a change of size or direction.
 */
import { useEffect, type RefObject } from 'react';
import { readPosition, savePosition } from '../../state/settings/reading-position.ts';

/** Waits this long after the last scroll event before saving, ms. */
const SAVE_DELAY_MS = 250;

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** How far through `el` the reader is, 0–1. */
export function readFraction(el: HTMLElement, vertical: boolean): number {
  if (vertical) {
    const max = el.scrollWidth - el.clientWidth;
    // vertical-rl starts at the right: scrollLeft runs from 0 to -max.
    return max > 0 ? clamp01(Math.abs(el.scrollLeft) / max) : 0;
  }
  const rect = el.getBoundingClientRect();
  const range = rect.height - window.innerHeight;
  return range > 0 ? clamp01(-rect.top / range) : 0;
}

export function scrollToFraction(el: HTMLElement, vertical: boolean, fraction: number): void {
  if (vertical) {
    el.scrollLeft = -fraction * (el.scrollWidth - el.clientWidth);
    return;
  }
  const rect = el.getBoundingClientRect();
  const top = rect.top + window.scrollY;
  window.scrollTo(0, top + fraction * Math.max(0, rect.height - window.innerHeight));
}

export function useReadingPosition(
  id: number,
  ref: RefObject<HTMLElement | null>,
  vertical: boolean,
): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const saved = readPosition(id);
    if (saved !== null && saved > 0) scrollToFraction(el, vertical, saved);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => savePosition(id, readFraction(el, vertical));
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    };
    const target: HTMLElement | Window = vertical ? el : window;
    target.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      target.removeEventListener('scroll', onScroll);
    };
  }, [id, ref, vertical]);
}
