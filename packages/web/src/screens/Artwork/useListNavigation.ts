/**
 * Previous / next work of the list the user came from (spec 001 §2.9): with the swipe setting on,
 * a horizontal swipe on the page (finger to the left: next, to the right: previous) and the ←/→
 * keys, unless focus is in a text field or a dialog (the full-screen viewer, a sheet) is open.
 * The list is the one the work's card was opened from (state/ui/gallery-list.ts); a direct link
 * has none and nothing happens. Each move replaces the history entry, so Back returns to the list.
 */
import { useCallback, useEffect, useMemo, useRef, type TouchEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { listNeighbours } from '@pv/core';
import { galleryList, galleryOf } from '../../state/ui/gallery-list.ts';

/** A swipe turns the work when it moves at least this far sideways, px… */
export const LIST_SWIPE_MIN_PX = 60;

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(target.type);
  }
  return false;
}

export function useListNavigation(id: number, enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const key = galleryOf(location.state);
  const { prev, next } = useMemo(
    () => (key ? listNeighbours(galleryList(key), id) : { prev: null, next: null }),
    [key, id],
  );
  // Where the last move went, until the page shows it: a second key pressed before the page
  // re-renders moves on from there, not from the work being left.
  const target = useRef<number | null>(null);
  useEffect(() => {
    if (target.current === id) target.current = null;
  }, [id]);
  const step = useCallback(
    (direction: 'prev' | 'next') => {
      if (!key) return;
      const to = listNeighbours(galleryList(key), target.current ?? id)[direction];
      if (to === null) return;
      target.current = to;
      void navigate(`/artworks/${to}`, { replace: true, state: location.state as unknown });
    },
    [key, id, navigate, location.state],
  );

  useEffect(() => {
    if (!enabled || !key) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (inTextField(e.target) || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      step(e.key === 'ArrowLeft' ? 'prev' : 'next');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, key, step]);

  const start = useRef<{ x: number; y: number } | null>(null);
  const swipe = {
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0];
      start.current = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const from = start.current;
      const t = e.changedTouches[0];
      start.current = null;
      if (!enabled || !from || !t) return;
      const dx = t.clientX - from.x;
      const dy = t.clientY - from.y;
      // mostly sideways, so that scrolling the page never turns the work
      if (Math.abs(dx) < LIST_SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
      step(dx < 0 ? 'next' : 'prev');
    },
  };
  return { prev, next, swipe };
}
