/**
 * The account's own settings: pixiv's AI display setting, `GET /v1/user/ai-show-settings`
 * (`{show_ai}`) and the form post `POST /v1/user/ai-show-settings/edit` (`show_ai` true or
 * false, as pixez, pixivpy and pixiv-api-client send it; `{}`), kept per account while the
 * sandbox runs; with it off, searches leave AI-generated works out unless `search_ai_type=0`
 * asks for them, and say `show_ai: false`. And `POST /v1/mail-authentication/send`, which mails
 * the account its verification link again (`{}`; the sandbox sends nothing).
 */
import type { FastifyInstance } from 'fastify';
import { appError } from './common.ts';
import { form } from './own-lists.ts';

/** A form's boolean as clients write it: `true`/`false` (any case) or `1`/`0`. */
export function formBoolean(value: string | undefined): boolean | null {
  const v = (value ?? '').toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return null;
}

export function registerAccountSettings(app: FastifyInstance): void {
  app.get('/v1/user/ai-show-settings', async (req, reply) =>
    reply.send({ show_ai: req.sandboxSocial!.showAi }),
  );

  app.post('/v1/user/ai-show-settings/edit', async (req, reply) => {
    const showAi = formBoolean(form(req).show_ai);
    if (showAi === null) return reply.code(400).send(appError('Invalid show_ai'));
    req.sandboxSocial!.showAi = showAi;
    return reply.send({});
  });

  app.post('/v1/mail-authentication/send', async (_req, reply) => reply.send({}));
}
