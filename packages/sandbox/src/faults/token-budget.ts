/**
 * pixiv's per-account request budget on app-api.pixiv.net (issue 3, OAuth): once an account has
 * made `calls` requests within `windowMs`, further calls answer the "Rate Limit" error body (403,
 * as faults.ts answers it) until the window has moved on. The budget belongs to the account a
 * bearer token was issued for, so a refreshed access token does not reset it; calls without a
 * known token (the public walkthrough, refused bearers) are not counted.
 *
 * Off unless configured: `rateLimit` of the sandbox options, or the `SANDBOX_RATE_LIMIT`
 * environment setting `calls/seconds` (`120/60`) for manual runs.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxState } from '../state.ts';
import { RATE_LIMIT_BODY } from './faults.ts';

export interface RateLimitBudget {
  /** Requests one account may make per window. */
  calls: number;
  /** The window, ms (a sliding window over the account's recent calls). */
  windowMs: number;
}

/** Parses `SANDBOX_RATE_LIMIT` (`calls/seconds`); unset or empty is no budget. */
export function parseRateLimit(text: string | undefined): RateLimitBudget | undefined {
  if (!text?.trim()) return undefined;
  const m = /^\s*(\d{1,7})\s*\/\s*(\d{1,6})\s*$/.exec(text);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
    throw new Error(`SANDBOX_RATE_LIMIT must be calls/seconds, like 120/60 (got "${text}")`);
  return { calls: Number(m[1]), windowMs: Number(m[2]) * 1000 };
}

/** Sliding-window call counts per account. */
export class TokenBudget {
  private readonly calls = new Map<number, number[]>();

  constructor(
    readonly budget: RateLimitBudget,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one call of `account`; false when its budget for the window is spent. */
  take(account: number): boolean {
    const now = this.clock();
    const recent = (this.calls.get(account) ?? []).filter((t) => t > now - this.budget.windowMs);
    if (recent.length >= this.budget.calls) {
      this.calls.set(account, recent);
      return false;
    }
    recent.push(now);
    this.calls.set(account, recent);
    return true;
  }
}

const APP_API = '/app-api.pixiv.net/';

/** Answers "Rate Limit" on app-api calls of an account past its budget. */
export function registerTokenBudget(
  app: FastifyInstance,
  state: SandboxState,
  budget: RateLimitBudget | undefined,
): TokenBudget | undefined {
  if (!budget) return undefined;
  const tokens = new TokenBudget(budget, state.clock);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith(APP_API)) return;
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const account = bearer ? state.tokens.resolve(bearer) : undefined;
    if (!account) return;
    if (!tokens.take(account.userId)) return reply.code(403).send(RATE_LIMIT_BODY);
  });
  return tokens;
}
