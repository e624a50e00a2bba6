/**
 * The two app-API routes pixiv answers without a token (pixiv-upstream.md §1.3, a live probe):
 * `/v1/application-info/android` (`{application_info}`, the fields of cssxsh/pixiv-client's
 * ApplicationData) and `/v1/emoji` (`{emoji_definitions: [{id, slug, image_url_medium}]}`, as
 * the An-Owlbear capture shows, the images on s.pximg.net at 128x128).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMOJI } from '../../data/comments.ts';
import { SPXIMG } from '../../images/urls.ts';

/** The Android app's newest version here (a version pixiv viewers send in their User-Agent). */
export const LATEST_ANDROID_VERSION = '6.180.0';
/**
 * Older apps are told they must update. pixiv's real threshold is unrecorded; a probe saw
 * 5.0.166 (PixEz's identity) answered `update_required: true`.
 */
export const MINIMUM_ANDROID_VERSION = '6.0.0';
const STORE_URL = 'https://play.google.com/store/apps/details?id=jp.pxv.android';

/** `a` before `b`, comparing dotted version numbers. */
function older(a: string, b: string): boolean {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let k = 0; k < Math.max(x.length, y.length); k++) {
    if ((x[k] ?? 0) !== (y[k] ?? 0)) return (x[k] ?? 0) < (y[k] ?? 0);
  }
  return false;
}

/** The Android app version a request names (`App-Version`, or the User-Agent), if any. */
function clientVersion(req: FastifyRequest): string | null {
  const header = req.headers['app-version'];
  if (typeof header === 'string' && /^\d+(\.\d+){0,3}$/.test(header)) return header;
  const ua = /PixivAndroidApp\/(\d+(?:\.\d+){0,3})/.exec(req.headers['user-agent'] ?? '');
  return ua ? ua[1]! : null;
}

export function emojiDefinitions() {
  return Object.entries(EMOJI)
    .sort(([, a], [, b]) => a - b)
    .map(([slug, id]) => ({
      id,
      slug,
      image_url_medium: `${SPXIMG}/common/images/emoji/128x128/${id}_128x128.png`,
    }));
}

export function registerAppInfo(app: FastifyInstance): void {
  app.get('/v1/application-info/android', async (req, reply) => {
    const version = clientVersion(req);
    return reply.send({
      application_info: {
        latest_version: LATEST_ANDROID_VERSION,
        update_required: version !== null && older(version, MINIMUM_ANDROID_VERSION),
        update_available: version !== null && older(version, LATEST_ANDROID_VERSION),
        update_message: '',
        notice_exists: false,
        store_url: STORE_URL,
        notice_id: '',
        notice_important: false,
        notice_message: '',
      },
    });
  });

  app.get('/v1/emoji', async (_req, reply) =>
    reply.send({ emoji_definitions: emojiDefinitions() }),
  );
}
