/**
 * The web-session (PHPSESSID) login's rules (spec 001 §2.3, §5.1; spec 000 §4, §9): the format a
 * session value must have before it is sent anywhere, and how long the browser keeps it.
 */

/**
 * pixiv's PHPSESSID: the account's numeric id, an underscore and 32 letters or digits. The
 * server refuses anything else with 'Session ID 格式不正确' too; the browser checks first so that
 * a mistyped value never leaves it.
 */
export const SESSION_ID_PATTERN = /^\d+_[0-9A-Za-z]{32}$/;

/** The stored session cookie lives 15552000 s (180 days), as pixiv's own cookie does. */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 15_552_000;

/** Whether a pasted session value (surrounding blanks ignored) has pixiv's format. */
export function isSessionIdFormat(value: string): boolean {
  return SESSION_ID_PATTERN.test(value.trim());
}

/** The instant (ms since the epoch) a session saved at `savedAtMs` stops counting. */
export function sessionExpiresAt(savedAtMs: number): number {
  return savedAtMs + SESSION_COOKIE_MAX_AGE_SECONDS * 1000;
}

/**
 * Whether a stored session has expired at `nowMs`: from its expiry instant on, or when the
 * stored instant is not a finite number (a damaged or foreign entry is never trusted).
 */
export function isSessionExpired(expiresAtMs: number, nowMs: number): boolean {
  return !Number.isFinite(expiresAtMs) || nowMs >= expiresAtMs;
}
