/**
 * When each login section's submit button turns on: the same rules the server and the forms
 * check, asked before anything is sent (spec 001 §2.3, §5).
 */
import { isSessionIdFormat } from '@pv/core';
import { oauthCodeFrom } from '../OAuth/oauth.ts';

/** Refresh tokens are exactly 43 characters (spec 001 §5). */
export const REFRESH_TOKEN_LENGTH = 43;
/** pixiv's refresh-token alphabet, as the server checks it (`POST /api/auth/token`): base64url. */
const TOKEN_ALPHABET = /^[\w-]+$/;

/** A pasted refresh token (surrounding blanks ignored): 43 characters of pixiv's alphabet. */
export function isRefreshTokenFormat(value: string): boolean {
  const token = value.trim();
  return token.length === REFRESH_TOKEN_LENGTH && TOKEN_ALPHABET.test(token);
}

/** Whether the pasted text holds a sign-in code (the code or pixiv's address carrying it). */
export function hasOAuthCode(value: string): boolean {
  return oauthCodeFrom(value) !== null;
}

export { isSessionIdFormat };
