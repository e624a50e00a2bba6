import { useContext, useEffect, useState, type RefObject } from 'react';
import { ServerMediaContext } from './useMediaQuery.ts';
import { useServerRender } from './useServerRender.ts';

/**
 * The element's content width, updated on resize. Until it is measured: the window's width, or,
 * on the server and while the app adopts its markup, the width the server rendered for (the same
 * first render on both sides: the columns of a grid's placeholders, say).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const serverWidth = useContext(ServerMediaContext);
  const server = useServerRender();
  const [width, setWidth] = useState(() =>
    server || typeof window === 'undefined' ? (serverWidth ?? 1024) : window.innerWidth,
  );
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
