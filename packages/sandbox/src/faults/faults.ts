/**
 * Fault injection, so that the server and the app are tested against the ways pixiv fails:
 * latency, an error status, a malformed (non-JSON) body, a dropped connection, and pixiv's
 * "Rate Limit" answer (403 with the app-API error body; the status is unverified upstream, the
 * body is what clients detect).
 *
 * Three ways to ask for one:
 * - per request, the `x-sandbox-fault` header (`latency=3000;status=500;malformed;drop;rate-limit`);
 * - for a running sandbox, rules added in code (`state.faults.add`) or by
 *   `POST /_sandbox/faults` (JSON rule) and cleared by `DELETE /_sandbox/faults`;
 * - for a manual run, the `SANDBOX_FAULTS` environment setting: rules separated by `|`, each
 *   `path-prefix:spec` (`/app-api.pixiv.net/v1/illust/ranking:status=500`), or a spec alone for all.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export interface FaultSpec {
  /** Delay before answering, ms. */
  latencyMs?: number;
  /** Answer this status with pixiv's generic error body. */
  status?: number;
  /** Answer 200 with a body that is not JSON. */
  malformed?: boolean;
  /** Destroy the connection without an answer. */
  drop?: boolean;
  /** Answer pixiv's "Rate Limit" error. */
  rateLimit?: boolean;
}

export interface FaultRule extends FaultSpec {
  /** Applies to request paths (host prefix included) starting with this; '' for all. */
  pathPrefix: string;
  /** How many requests it applies to before it is used up; unlimited when absent. */
  times?: number;
}

export const RATE_LIMIT_BODY = {
  error: { user_message: '', message: 'Rate Limit', reason: '', user_message_details: {} },
};

const RuleSchema = z.object({
  pathPrefix: z.string().default(''),
  times: z.number().int().positive().optional(),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  status: z.number().int().min(100).max(599).optional(),
  malformed: z.boolean().optional(),
  drop: z.boolean().optional(),
  rateLimit: z.boolean().optional(),
});

/** Parses `latency=3000;status=500;malformed;drop;rate-limit`. Unknown parts are an error. */
export function parseFaultSpec(text: string): FaultSpec {
  const spec: FaultSpec = {};
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, value] = part.split('=', 2).map((s) => s.trim());
    const n = Number(value);
    if (name === 'latency' && Number.isFinite(n) && n >= 0) spec.latencyMs = n;
    else if (name === 'status' && Number.isInteger(n) && n >= 100 && n <= 599) spec.status = n;
    else if (name === 'malformed') spec.malformed = true;
    else if (name === 'drop') spec.drop = true;
    else if (name === 'rate-limit') spec.rateLimit = true;
    else throw new Error(`unknown sandbox fault "${part}"`);
  }
  return spec;
}

/** Parses the `SANDBOX_FAULTS` setting. */
export function parseFaultRules(text: string | undefined): FaultRule[] {
  if (!text) return [];
  return text
    .split('|')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((rule) => {
      const m = /^(\/[^:]*):(.*)$/.exec(rule);
      return m
        ? { pathPrefix: m[1]!, ...parseFaultSpec(m[2]!) }
        : { pathPrefix: '', ...parseFaultSpec(rule) };
    });
}

export class Faults {
  private rules: FaultRule[];
  /** Every request the sandbox answered, path with host prefix and query, newest last (bounded). */
  readonly log: string[] = [];

  constructor(initial: FaultRule[] = []) {
    this.rules = [...initial];
  }

  add(rule: FaultRule): void {
    this.rules.push({ ...rule });
  }

  clear(): void {
    this.rules = [];
  }

  /** Requests whose path starts with `prefix` seen so far. */
  count(prefix: string): number {
    return this.log.filter((p) => p.startsWith(prefix)).length;
  }

  record(url: string): void {
    this.log.push(url);
    if (this.log.length > 10_000) this.log.splice(0, this.log.length - 10_000);
  }

  /** The fault for this request, using up one of a limited rule's times. */
  take(url: string): FaultSpec | undefined {
    const index = this.rules.findIndex((r) => url.startsWith(r.pathPrefix));
    if (index < 0) return undefined;
    const rule = this.rules[index]!;
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.rules.splice(index, 1);
    }
    return rule;
  }
}

async function apply(spec: FaultSpec, reply: FastifyReply): Promise<boolean> {
  if (spec.latencyMs) await new Promise((r) => setTimeout(r, spec.latencyMs));
  if (spec.drop) {
    reply.raw.socket?.destroy();
    reply.hijack();
    return true;
  }
  if (spec.rateLimit) {
    await reply.code(403).send(RATE_LIMIT_BODY);
    return true;
  }
  if (spec.malformed) {
    await reply
      .code(200)
      .header('content-type', 'application/json')
      .send('<html>502 Bad Gateway</html>');
    return true;
  }
  if (spec.status) {
    await reply.code(spec.status).send({
      error: {
        user_message: '',
        message: `sandbox fault ${spec.status}`,
        reason: '',
        user_message_details: {},
      },
    });
    return true;
  }
  return false;
}

/** Records every request and applies faults before any route runs; adds the control routes. */
export function registerFaults(app: FastifyInstance, faults: Faults): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url;
    if (url.startsWith('/_sandbox/')) return;
    faults.record(url);
    const header = req.headers['x-sandbox-fault'];
    let spec: FaultSpec | undefined;
    if (typeof header === 'string' && header) {
      try {
        spec = parseFaultSpec(header);
      } catch (error) {
        return reply.code(400).send({ error: (error as Error).message });
      }
    } else {
      spec = faults.take(url);
    }
    if (spec && (await apply(spec, reply))) return reply;
  });
  app.post('/_sandbox/faults', async (req, reply) => {
    const parsed = RuleSchema.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.issues });
    faults.add(parsed.data);
    return { ok: true };
  });
  app.delete('/_sandbox/faults', async () => {
    faults.clear();
    return { ok: true };
  });
}
