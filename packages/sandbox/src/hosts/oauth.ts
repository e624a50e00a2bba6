/**
 * oauth.secure.pixiv.net: `POST /auth/token` (pixiv-upstream.md §2). Success bodies carry the
 * fields twice, at the top level and under `response`; `user.id` is a string there.
 */
import type { FastifyInstance } from 'fastify';
import type { RawAuthError, RawAuthTokenFields, RawAuthTokenResponse } from '@pv/core';
import { ACCESS_TOKEN_SECONDS, type DemoAccount } from '../accounts.ts';
import { SPXIMG } from '../images/urls.ts';
import type { SandboxState } from '../state.ts';

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
