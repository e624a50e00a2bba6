/** The i18n keys list screens show for a failed call (spec 000 §8). */
export type UserMessageKey = 'tip.rate_limit' | 'tip.unknown_err';

/** pixiv's literal rate-limit message, sent as `error.message` by the app API. */
export const RATE_LIMIT_MESSAGE = 'Rate Limit';

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

/** 'Rate Limit' becomes tip.rate_limit; every other failure is tip.unknown_err. */
export function toUserMessageKey(message: string | undefined): UserMessageKey {
  return message?.trim() === RATE_LIMIT_MESSAGE ? 'tip.rate_limit' : 'tip.unknown_err';
}
