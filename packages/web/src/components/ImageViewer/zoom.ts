/**
 * The image viewer's zoom and pan, as pure steps: a scale from 1 (the picture fitted to the
 * screen) to ZOOM_MAX, and an offset in screen pixels from the centred position. Zooming keeps
 * the point under the pointer (or the centre) where it is; at scale 1 the offset is zero.
 */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 5;
/** One wheel notch, one button press or a pinch step multiplies the scale by this. */
export const ZOOM_STEP = 1.5;
/** The scale a double click or double tap zooms to. */
export const ZOOM_DOUBLE = 2.5;
/** A horizontal drag at least this long, at scale 1, turns the page (px). */
export const SWIPE_MIN_PX = 60;

export interface View {
  scale: number;
  x: number;
  y: number;
}

export const FITTED: View = { scale: 1, x: 0, y: 0 };

/**
 * Zoom to `scale` (clamped) around `at`, a point relative to the stage's centre: the picture's
 * point under `at` stays under it.
 */
export function zoomTo(view: View, scale: number, at: { x: number; y: number } = { x: 0, y: 0 }) {
  const next = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));
  if (next === ZOOM_MIN) return FITTED;
  const k = next / view.scale;
  return { scale: next, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k };
}

/** Moves a zoomed picture by a drag; a fitted picture does not move (drags turn pages). */
export function pan(view: View, dx: number, dy: number): View {
  return view.scale === ZOOM_MIN ? view : { ...view, x: view.x + dx, y: view.y + dy };
}

/** The page a horizontal drag of `dx` px leads to at this view: -1, 0 or +1. */
export function swipeStep(view: View, dx: number, dy: number): -1 | 0 | 1 {
  if (view.scale !== ZOOM_MIN || Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dy) > Math.abs(dx))
    return 0;
  return dx < 0 ? 1 : -1;
}
