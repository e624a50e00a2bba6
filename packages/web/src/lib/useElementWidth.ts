import { useContext, useEffect, useState, type RefObject } from 'react';
import { ServerMediaContext } from './useMediaQuery.ts';
import { useServerRender } from './useServerRender.ts';

/**
 * The window's width this render is for: on the server and while the app adopts its markup, the
 * width the server rendered for (1024 px without one); after it, the window's own.
 */
export function useRenderWidth(): number {
  const serverWidth = useContext(ServerMediaContext);
  const server = useServerRender();
  return server || typeof window === 'undefined' ? (serverWidth ?? 1024) : window.innerWidth;
}

/**
 * The element's content width, updated on resize. Until it is measured: the window's width, or,
 * on the server and while the app adopts its markup, the width the server rendered for (the same
 * first render on both sides: the columns of a grid's placeholders, say).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(useRenderWidth());
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
