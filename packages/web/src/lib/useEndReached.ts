import { useEffect, useRef, useState } from 'react';
import { LIST_PRELOAD_PX } from '@pv/core';

/**
 * Calls `onEnd` whenever the sentinel comes within 800 px of the viewport. Returns the sentinel's
 * callback ref: the observer follows the element the ref is on, also when it is replaced (a
 * server-rendered grid's footer is remounted by the render after hydration, issue 33).
 */
export function useEndReached(onEnd: () => void, enabled: boolean) {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const callback = useRef(onEnd);
  useEffect(() => {
    callback.current = onEnd;
  }, [onEnd]);
  useEffect(() => {
    if (!el || !enabled) return;
    let visible = false;
    const observer = new IntersectionObserver(
      (entries) => {
        visible = entries.some((e) => e.isIntersecting);
        if (visible) callback.current();
      },
      { rootMargin: `0px 0px ${LIST_PRELOAD_PX}px 0px` },
    );
    observer.observe(el);
    // The observer fires on changes only; while the sentinel stays in range (a short page, a
    // throttled load) keep asking.
    const timer = window.setInterval(() => visible && callback.current(), 500);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
    };
  }, [el, enabled]);
  return setEl;
}
