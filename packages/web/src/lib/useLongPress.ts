import { useCallback, useRef, type PointerEvent } from 'react';
import { LONG_PRESS_MOVE_TOLERANCE_PX, LONG_PRESS_MS } from '@pv/core';

/**
 * Long press (spec 000 §2): `onLongPress` after 800 ms held, cancelled by a move of more than
 * 10 px or by letting go. The click that ends a long press is swallowed.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<number | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    start.current = null;
  }, []);

  return {
    onPointerDown: (e: PointerEvent) => {
      fired.current = false;
      start.current = { x: e.clientX, y: e.clientY };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        fired.current = true;
        start.current = null;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (e: PointerEvent) => {
      const s = start.current;
      if (s && Math.hypot(e.clientX - s.x, e.clientY - s.y) > LONG_PRESS_MOVE_TOLERANCE_PX)
        cancel();
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (e: { preventDefault(): void }) => {
      if (start.current || fired.current) e.preventDefault();
    },
    /** Wrap the element's click handler: a click ending a long press does nothing. */
    wrapClick: (handler: () => void) => (e: { preventDefault(): void }) => {
      if (fired.current) {
        fired.current = false;
        e.preventDefault();
        return;
      }
      handler();
    },
  };
}
