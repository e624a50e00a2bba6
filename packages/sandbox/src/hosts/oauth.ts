/**
 * oauth.secure.pixiv.net: `POST /auth/token` (pixiv-upstream.md §2). Success bodies carry the
 * fields twice, at the top level and under `response`; `user.id` is a string there.
 */
import type { FastifyInstance } from 'fastify';
import type { RawAuthError, RawAuthTokenFields, RawAuthTokenResponse } from '@pv/core';
import { ACCESS_TOKEN_SECONDS, type DemoAccount } from '../accounts.ts';
import { SPXIMG } from '../images/urls.ts';
import type { SandboxState } from '../state.ts';

/** The redirect URI pixiv's app clients register for the code grant. */
export const PKCE_CALLBACK = 'https://app-api.pixiv.net/web/v1/users/auth/pixiv/callback';

export function authError(message: string, code: number, error = 'invalid_grant'): RawAuthError {
  return { has_error: true, errors: { system: { message, code } }, error };
}

function tokenBody(account: DemoAccount, accessToken: string): RawAuthTokenResponse {
  const fields: RawAuthTokenFields = {
    access_token: accessToken,
    expires_in: ACCESS_TOKEN_SECONDS,
    token_type: 'bearer',
    scope: '',
    refresh_token: account.refreshToken,
    user: {
      profile_image_urls: {
        // Sandbox accounts keep pixiv's default avatar.
        px_16x16: `${SPXIMG}/common/images/no_profile_ss.png`,
        px_50x50: `${SPXIMG}/common/images/no_profile_s.png`,
        px_170x170: `${SPXIMG}/common/images/no_profile.png`,
      },
      id: String(account.userId),
      name: account.name,
      account: account.account,
      mail_address: account.mailAddress,
      is_premium: account.isPremium,
      x_restrict: account.xRestrict,
      is_mail_authorized: true,
      require_policy_agreement: false,
    },
  };
  return { ...fields, response: fields };
}

export function registerOAuth(app: FastifyInstance, state: SandboxState): void {
  app.post('/auth/token', async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, string | undefined>;
    if (!form.client_id || !form.client_secret) {
      return reply.code(400).send(authError('Invalid client credentials', 1508, 'invalid_client'));
    }
    if (form.grant_type === 'refresh_token') {
      const account = form.refresh_token
        ? state.tokens.accountByRefreshToken(form.refresh_token)
        : undefined;
      if (!account) return reply.code(400).send(authError('Invalid refresh token', 1508));
      return reply.send(tokenBody(account, state.tokens.issue(account)));
    }
    if (form.grant_type === 'authorization_code') {
      if (!form.code || !form.code_verifier) {
        return reply.code(400).send(authError('Invalid authorization code', 1508));
      }
      if (form.redirect_uri !== PKCE_CALLBACK) {
        return reply.code(400).send(authError('Invalid redirect_uri', 1508, 'invalid_request'));
      }
      const outcome = state.tokens.redeemCode(form.code, form.code_verifier);
      if (outcome === 'mismatch') {
        return reply.code(400).send(authError('Invalid code_verifier', 1508));
      }
      if (typeof outcome === 'string') {
        return reply.code(400).send(authError('Invalid authorization code', 1508));
      }
      return reply.send(tokenBody(outcome, state.tokens.issue(outcome)));
    }
    return reply
      .code(400)
      .send(
        authError(
          'Invalid grant_type parameter or parameter missing',
          1508,
          'unsupported_grant_type',
        ),
      );
  });
}
