import { useEffect, useLayoutEffect, useRef } from 'react';
import { openModalEntry } from './modal-history.ts';

/**
 * While `open`, the browser's (or the phone's) Back calls `close` instead of leaving the page; a
 * modal closed another way gives its history entry back (see modal-history.ts). With
 * `closeOnLeave` (a sheet, not a question) a page opened from inside closes it too.
 */
export function useBackCloses(open: boolean, close: () => void, closeOnLeave = true): void {
  const latest = useRef(close);
  useLayoutEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    return openModalEntry(() => latest.current(), closeOnLeave);
  }, [open, closeOnLeave]);
}
