/**
 * The hostile upstream (issue 20): a test fixture that stands in front of a sandbox and plays
 * every pixiv host with the sandbox's shapes, except where a rule makes it lie: attacker-chosen
 * strings inside the JSON or HTML, any status and headers, redirects, delays, hangs, resets,
 * truncated bodies and slow drips. Point a server at it as a deployment points at pixiv
 * (`env`: the UPSTREAM_* variables, or SANDBOX_URL) and watch what reaches the client.
 *
 * Paths are the sandbox's addressing, `/{host}/{path}` (`/app-api.pixiv.net/v1/illust/detail`,
 * `/i.pximg.net/img-master/…`); a rule matches a request whose path starts with its
 * `pathPrefix`. The newest matching rule wins; a rule with `times` is dropped once used up.
 * README.md beside this file shows the common recipes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { UpstreamHosts } from '@pv/core';
import { sandboxHosts } from '../index.ts';

/** Rewrites one string of an upstream JSON answer: its key (or array index) and its value. */
export type StringRewrite = (value: string, key: string) => string;

export interface HostileRule {
  /** Sandbox-addressed path prefix: `/app-api.pixiv.net/v1/illust/`, `/i.pximg.net/`, `/`. */
  pathPrefix: string;
  /** Only this method (every method when unset). */
  method?: string;
  /** Uses before the rule is dropped (unlimited when unset). */
  times?: number;
  /** Waits before the answer's headers. */
  delayMs?: number;
  /** Never answers (the socket stays open until the client gives up or the fixture closes). */
  hang?: boolean;
  /** Closes the connection without an answer. */
  reset?: boolean;
  /** Answers this status instead of upstream's (upstream's body kept unless `body` is set). */
  status?: number;
  /** Headers set on the answer (content-type, retry-after, location…); `null` removes one. */
  headers?: Record<string, string | null>;
  /** A 302 to this address (any host: the loopback, the metadata address…). */
  redirect?: string;
  /** The answer's body instead of upstream's. */
  body?: string | Buffer;
  /** Every string value of a JSON answer passed through this (keys kept, shapes kept). */
  strings?: StringRewrite;
  /** A JSON answer's parsed value passed through this (after `strings`, when both are set). */
  json?: (value: unknown) => unknown;
  /** A text (HTML) answer passed through this. */
  text?: (body: string) => string;
  /** Sends only the first N bytes, with the full content-length, then destroys the socket. */
  truncateAt?: number;
  /** Sends the body one chunk of `dripBytes` (default 1) every `dripMs` milliseconds. */
  dripMs?: number;
  dripBytes?: number;
}

export interface HostileUpstream {
  /** The fixture's own base URL: use it as SANDBOX_URL. */
  baseUrl: string;
  /** Every host's base URL on the fixture. */
  hosts: UpstreamHosts;
  /** The server's environment that points it at the fixture (UPSTREAM_* and SANDBOX_URL). */
  env: Record<string, string>;
  /** Adds a rule; the newest matching rule wins. Returns a function that removes it. */
  add(rule: HostileRule): () => void;
  /** Removes every rule: the fixture is a faithful pass-through again. */
  clear(): void;
  /** Every request seen, as `METHOD /host/path?query`, oldest first. */
  readonly log: string[];
  close(): Promise<void>;
}

/** Rewrites every string in a JSON value, keys and shape kept. */
export function rewriteStrings(value: unknown, rewrite: StringRewrite, key = ''): unknown {
  if (typeof value === 'string') return rewrite(value, key);
  if (Array.isArray(value))
    return value.map((v, i) => rewriteStrings(v, rewrite, key || String(i)));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, rewriteStrings(v, rewrite, k)]),
    );
  }
  return value;
}

const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'host',
]);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Upstream's answer, after the rule's rewrites. */
async function upstreamAnswer(
  target: string,
  req: IncomingMessage,
  rule: HostileRule | undefined,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
  }
  const payload = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
  const res = await fetch(`${target}${req.url}`, {
    method: req.method,
    headers,
    body: payload ? new Uint8Array(payload).buffer : undefined,
    redirect: 'manual',
  });
  let body = Buffer.from(await res.arrayBuffer());
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name)) out[name] = value;
  });
  const type = out['content-type'] ?? '';
  if ((rule?.strings || rule?.json) && type.includes('json') && body.length > 0) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      // not JSON after all: left as it came
    }
    if (parsed !== undefined) {
      if (rule.strings) parsed = rewriteStrings(parsed, rule.strings);
      if (rule.json) parsed = rule.json(parsed);
      body = Buffer.from(JSON.stringify(parsed));
    }
  }
  if (rule?.text && !type.includes('json') && /text|html/.test(type)) {
    body = Buffer.from(rule.text(body.toString('utf8')));
  }
  return { status: res.status, headers: out, body };
}

async function answer(
  target: string,
  req: IncomingMessage,
  res: ServerResponse,
  rule: HostileRule | undefined,
): Promise<void> {
  if (rule?.delayMs) await sleep(rule.delayMs);
  if (rule?.hang) return;
  if (rule?.reset) {
    req.socket.destroy();
    return;
  }
  if (rule?.redirect) {
    res.writeHead(rule.status ?? 302, { location: rule.redirect, ...clean(rule.headers) }).end();
    return;
  }
  const up =
    rule?.body !== undefined && rule.status !== undefined
      ? { status: rule.status, headers: {}, body: Buffer.from(rule.body) }
      : await upstreamAnswer(target, req, rule);
  const body = rule?.body !== undefined ? Buffer.from(rule.body) : up.body;
  const headers: Record<string, string> = { ...up.headers };
  for (const [name, value] of Object.entries(rule?.headers ?? {})) {
    if (value === null) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  const status = rule?.status ?? up.status;
  if (rule?.truncateAt !== undefined) {
    res.writeHead(status, { ...headers, 'content-length': String(body.length) });
    res.write(body.subarray(0, rule.truncateAt), () => {
      res.socket?.destroy();
    });
    return;
  }
  if (rule?.dripMs) {
    res.writeHead(status, headers);
    const step = rule.dripBytes ?? 1;
    for (let i = 0; i < body.length && !res.destroyed; i += step) {
      res.write(body.subarray(i, i + step));
      await sleep(rule.dripMs);
    }
    res.end();
    return;
  }
  if (
    !('content-length' in headers) ||
    rule?.body !== undefined ||
    rule?.strings ||
    rule?.json ||
    rule?.text
  ) {
    headers['content-length'] = String(req.method === 'HEAD' ? 0 : body.length);
  }
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function clean(headers: Record<string, string | null> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).filter((e): e is [string, string] => e[1] !== null),
  );
}

/**
 * Starts the fixture on a free loopback port in front of the sandbox at `target` (its base URL,
 * as `RunningSandbox.baseUrl`).
 */
export async function startHostileUpstream(options: {
  target: string;
  port?: number;
}): Promise<HostileUpstream> {
  const target = options.target.replace(/\/$/, '');
  const rules: (HostileRule & { used: number })[] = [];
  const log: string[] = [];
  const sockets = new Set<Socket>();
  const pick = (req: IncomingMessage) => {
    for (let i = rules.length - 1; i >= 0; i--) {
      const rule = rules[i]!;
      if (!(req.url ?? '').startsWith(rule.pathPrefix)) continue;
      if (rule.method && rule.method !== req.method) continue;
      rule.used++;
      if (rule.times !== undefined && rule.used >= rule.times) rules.splice(i, 1);
      return rule;
    }
    return undefined;
  };
  const server: Server = createServer((req, res) => {
    log.push(`${req.method} ${req.url}`);
    answer(target, req, res, pick(req)).catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.socket?.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const hosts = sandboxHosts(baseUrl);
  return {
    baseUrl,
    hosts,
    env: {
      SANDBOX_URL: baseUrl,
      UPSTREAM_APP_API: hosts.appApi,
      UPSTREAM_OAUTH: hosts.oauth,
      UPSTREAM_WWW: hosts.www,
      UPSTREAM_PXIMG: hosts.pximg,
      UPSTREAM_SPXIMG: hosts.spximg,
    },
    add(rule) {
      const entry = { ...rule, used: 0 };
      rules.push(entry);
      return () => {
        const i = rules.indexOf(entry);
        if (i >= 0) rules.splice(i, 1);
      };
    },
    clear: () => void rules.splice(0),
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
