/**
 * The app's identity: headers every pixiv app request carries, and the X-Client-Hash that
 * oauth.secure.pixiv.net checks (lowercase hex MD5 of X-Client-Time + a fixed salt).
 */
import { createHash } from 'node:crypto';

/** The public salt every pixiv client embeds (pixivpy `hash_secret`). */
export const DEFAULT_HASH_SECRET =
  '28c1fdd170a5204386cb1313c7077b34f83e4aaf4aa829ce78c231e05b0bae2c';
/** The public OAuth client of the Android app. */
export const DEFAULT_CLIENT_ID = 'MOBrBDS8blbauoSck0ZfDbtuzpyT';
export const DEFAULT_CLIENT_SECRET = 'lsACyCD94FhDUtGTXi3QzcFE2uU1hqtDaKeqrdwj';

export const APP_USER_AGENT = 'PixivAndroidApp/6.124.0 (Android 13; Pixel 7)';
export const APP_OS = 'android';
export const APP_OS_VERSION = '13';
export const APP_VERSION = '6.124.0';

/** RFC-3339 in UTC without milliseconds, with the `+00:00` suffix clients send. */
export function clientTime(now: Date = new Date()): string {
  return now.toISOString().slice(0, 19) + '+00:00';
}

/** Lowercase hex MD5 of the UTF-8 string time + secret. */
export function clientHash(time: string, secret: string = DEFAULT_HASH_SECRET): string {
  return createHash('md5')
    .update(time + secret, 'utf8')
    .digest('hex');
}

/** The headers of the Android app, with a fresh X-Client-Time/X-Client-Hash pair. */
export function appHeaders(
  hashSecret: string = DEFAULT_HASH_SECRET,
  now?: Date,
): Record<string, string> {
  const time = clientTime(now);
  return {
    'User-Agent': APP_USER_AGENT,
    'App-OS': APP_OS,
    'App-OS-Version': APP_OS_VERSION,
    'App-Version': APP_VERSION,
    'X-Client-Time': time,
    'X-Client-Hash': clientHash(time, hashSecret),
  };
}
