import { useEffect, useState, type RefObject } from 'react';

export interface Viewport {
  /** The element's top relative to the viewport's top, px (negative once scrolled past). */
  top: number;
  /** The viewport's height, px. */
  height: number;
}

/** Where `ref` sits relative to the viewport, updated once per frame on scroll and resize. */
export function useViewport(ref: RefObject<HTMLElement | null>, quantum = 100): Viewport {
  const [viewport, setViewport] = useState<Viewport>(() => ({
    top: 0,
    height: typeof window === 'undefined' ? 900 : window.innerHeight,
  }));
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = ref.current;
      if (!el) return;
      // Rounded, so that small scrolls do not re-render.
      const top = Math.round(el.getBoundingClientRect().top / quantum) * quantum;
      const height = window.innerHeight;
      setViewport((v) => (v.top === top && v.height === height ? v : { top, height }));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [ref, quantum]);
  return viewport;
}
