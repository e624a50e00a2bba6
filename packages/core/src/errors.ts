/** The i18n keys list screens show for a failed call (spec 000 §8). */
export type UserMessageKey = 'tip.rate_limit' | 'tip.unknown_err' | 'tip.no_such_page';

/** pixiv's literal rate-limit message, sent as `error.message` by the app API. */
export const RATE_LIMIT_MESSAGE = 'Rate Limit';

/**
 * The app API's `user_message` for a deleted or unknown work (its detail answers 404,
 * pixiv-upstream.md §1 errors), in Japanese, English and Chinese ('尚无此页', the text the original
 * app matches). This 'no such page' message is what triggers artwork recovery (spec 001 §8).
 */
export const NO_SUCH_WORK_MESSAGES: readonly string[] = [
  '該当作品は削除されたか、存在しない作品IDです。',
  'The artwork has been deleted or the artwork ID does not exist.',
  '尚无此页',
];

/**
 * The message of an error body, in the order the spec reads it: `error.message`,
 * `error.user_message`, then a string `error`, `message` or `detail`.
 */
export function extractUpstreamMessage(body: unknown): string | undefined {
  if (body == null || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const error = record.error;
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    for (const key of ['message', 'user_message'] as const) {
      if (typeof e[key] === 'string' && e[key]) return e[key] as string;
    }
  }
  for (const value of [error, record.message, record.detail]) {
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

/**
 * 'Rate Limit' becomes tip.rate_limit, pixiv's 'no such page' tip.no_such_page; every other
 * failure is tip.unknown_err.
 */
export function toUserMessageKey(message: string | undefined): UserMessageKey {
  const text = message?.trim();
  if (text === RATE_LIMIT_MESSAGE) return 'tip.rate_limit';
  if (text !== undefined && NO_SUCH_WORK_MESSAGES.includes(text)) return 'tip.no_such_page';
  return 'tip.unknown_err';
}
