/**
 * Observed lazy loading of images (the isImgLazyOb setting, spec 001 §9): an image gets its
 * `src` once it comes within the spec's margins of the viewport (0 50 50 0 px, preload 1.3).
 * Without the setting, images use the browser's own `loading="lazy"`.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { IMAGE_LAZY_MARGIN, IMAGE_LAZY_PRELOAD } from '@pv/core';

/**
 * The IntersectionObserver root margin for a viewport `viewportHeight` px high: the spec's
 * margins, with the bottom grown by the preload share beyond one viewport height.
 */
export function lazyRootMargin(viewportHeight: number): string {
  const { top, right, bottom, left } = IMAGE_LAZY_MARGIN;
  const preload = Math.max(0, Math.round((IMAGE_LAZY_PRELOAD - 1) * viewportHeight));
  return `${top}px ${right}px ${bottom + preload}px ${left}px`;
}

/**
 * `observe` false: the image is shown at once (`visible` true) and the browser decides.
 * `observe` true: `visible` turns true, for good, when the element nears the viewport (or at
 * once if it was shown at its first render, when `observe` was false).
 */
export function useLazyImage<T extends Element>(
  observe: boolean,
): { ref: RefObject<T | null>; visible: boolean } {
  const ref = useRef<T | null>(null);
  // shown at its first render (the server's markup, hydrated with the settings it was rendered
  // with): kept, not taken away when the setting turns observing on
  const [seen, setSeen] = useState(!observe);
  useEffect(() => {
    const el = ref.current;
    if (!observe || seen || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: lazyRootMargin(window.innerHeight) },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [observe, seen]);
  return { ref, visible: !observe || seen };
}
