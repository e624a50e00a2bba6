/**
 * The mirror's cache-hit path in front of Fastify (issue 17, "a cache hit costs one lookup and
 * one write"). A bare `node:http` answer is about 60 % of nginx's rate on our machines, and
 * Fastify's request pipeline with our hooks took our cache hit to about 16 %; so a repeated
 * anonymous `GET /api/pixiv/<name>?…` whose answer is fresh in the in-memory cache is answered
 * here, from the server's raw `request` event: the stored bytes in the encoding the client takes,
 * the headers Fastify's path sends (security headers, rate-limit state, request id, `Vary`),
 * counted in the very per-IP budget of the mirror's rate limit, and logged in the same one line.
 *
 * Only what Fastify's path has answered as a hit before is answered here: the mirror's handler
 * remembers a URL (with the client's language) once it served it from the cache, under the cache
 * key its validation made, so nothing here parses or validates a query. Everything else goes
 * through Fastify as before: a first call, a HEAD, a user's own token, a cross-site call (CORS),
 * a reload (`Cache-Control`/`Pragma`), an expired or evicted entry, a shared Redis entry with no
 * near copy (plugins/near-cache.ts), a client over its budget (Fastify counts it again and
 * answers 429), a closing server, a URL over app.ts's MAX_URL_LENGTH (refused there with 414).
 */
import {
  ServerResponse,
  validateHeaderName,
  validateHeaderValue,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import type { Socket } from 'node:net';
// the module's own binding: the global `performance` is a getter node runs on every use
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { pino } from 'pino';
import { COMPRESS_MIN_BYTES, pickEncoding } from './compress.ts';
import { redactUrlSecrets, USER_TOKEN_HEADER } from './log.ts';
import { requestId } from './request-id.ts';
import { firstLanguage } from '../plugins/upstream.ts';
import { NO_EXPIRY_MAX_AGE, type CacheEntry } from '../plugins/cache.ts';
import { SECURITY_HEADERS } from '../plugins/security.ts';

/** What the mirror's handler remembers of a URL it answered from the cache. */
export interface RememberedHit {
  /** The cache key its validated arguments, language and identity made. */
  key: string;
  /** The route's lifetime in seconds (null: no expiry), for Cache-Control. */
  ttl: number | null;
  /** Its Content-Type. */
  contentType: string;
  /** Headers of that route's own (`x-content-type-options` for text answers). */
  extra?: Readonly<Record<string, string>>;
}

/**
 * A remembered hit with the headers every answer of it carries (name, value, name, value, and the
 * same as checked header lines for a `HitResponse`) and its URL as its log line writes it
 * (redacted, as a JSON string), all made once at `remember`.
 */
interface Remembered extends RememberedHit {
  headers: readonly string[];
  headerLines: string;
  urlJson: string;
}

/** What node's `ServerResponse` does with a response's status line and headers (not public). */
interface StoresHeader {
  _storeHeader(firstLine: string, headers: unknown): void;
}
const nodeStoreHeader = (ServerResponse.prototype as unknown as Partial<StoresHeader>)._storeHeader;

/**
 * The server's response class (app.ts gives it to `createServer`), a `ServerResponse` that the
 * fast-hit path can hand header lines it has already made and checked: node checks each header's
 * name and value with two regular expressions, lower-cases it and joins it to the head on every
 * answer, and a hit's seventeen headers cost it about a third of the bare server's rate (issue 37,
 * the server bench: 0.49× the bare server with every header through `writeHead`, 0.78× with two,
 * in the same rounds). The lines go after the status line, before node's own: node still writes
 * `Date`, `Connection`, `Keep-Alive` and `Content-Length` and keeps its keep-alive state, so the
 * lines must not name any of those (the fast path sets no header and calls `end` with the body,
 * whose length node writes). Any other answer (`headerLines` unset) is node's own. `supported`
 * is false on a node whose `ServerResponse` no longer has this step: the fast path then passes
 * every header to `writeHead` (fast-hits.test fails on that, so an upgrade of node says so).
 */
export class HitResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  /**
   * `name: value\r\n` lines, each checked as `setHeader` checks it. A field with a value, not a
   * `declare`: without a field of its own the class, as tsx compiles it, is one V8 kept failing
   * to optimise (hit-response-opt.test.ts says when), and every answer the server gives is one.
   */
  headerLines: string | undefined = undefined;
  static readonly supported = typeof nodeStoreHeader === 'function' && nodeStoreHeader.length === 2;
}
if (HitResponse.supported)
  (HitResponse.prototype as unknown as StoresHeader)._storeHeader = function storeHeader(
    this: HitResponse,
    firstLine: string,
    headers: unknown,
  ) {
    const lines = this.headerLines;
    nodeStoreHeader!.call(this, lines === undefined ? firstLine : firstLine + lines, headers);
  };

/**
 * Headers (name, value, …) as lines for `HitResponse.headerLines`, each checked once here. One
 * flat string (`join`): lines added up with `+=` are a tree of pieces that V8 walks again each time
 * an answer's head is copied to the socket, and the steady lines are in every hit's head.
 */
export function headerLines(headers: readonly (string | number)[]): string {
  const lines: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const name = String(headers[i]);
    const value = String(headers[i + 1]);
    validateHeaderName(name);
    validateHeaderValue(name, value);
    lines.push(`${name}: ${value}\r\n`);
  }
  return lines.join('');
}

/**
 * The headers of a hit's answers that are the same every time (the type, `x-cache-hit`, the
 * route's own, the security headers), each name once; the answer adds the rest after them. The
 * order differs from Fastify's path, which HTTP leaves free (fast-hits.test compares the sets).
 */
function steadyHeaders(hit: RememberedHit): string[] {
  const merged: Record<string, string> = {
    'content-type': hit.contentType,
    'x-cache-hit': 'true',
    ...hit.extra,
    ...SECURITY_HEADERS,
  };
  return Object.entries(merged).flat();
}

/** The budget the mirror's rate limit keeps per client, shared with this path. */
export interface SharedRateLimit {
  /** Requests a minute (0: off). */
  max: number;
  /** The rate limit's own store (guards.ts): its `incr` answers synchronously. */
  store: Pick<FastifyRateLimitStore, 'incr'>;
  /** The window in ms. */
  timeWindow: number;
}

type TrustProxy =
  boolean | string | string[] | number | ((address: string, hop: number) => boolean);

/** The trust function Fastify builds from its `trustProxy` option (fastify/lib/request.js). */
function trustFunction(trust: TrustProxy): ((address: string, hop: number) => boolean) | undefined {
  if (!trust) return undefined;
  if (typeof trust === 'function') return trust;
  if (trust === true) return () => true;
  // Fastify fails closed on a bare hop count
  if (typeof trust === 'number') return () => false;
  const values = typeof trust === 'string' ? trust.split(',').map((v) => v.trim()) : trust;
  return proxyAddr.compile(values);
}

/** Most URLs remembered (each a key string of the cache's): the hot set of a busy mirror. */
const REMEMBERED_MAX = 10_000;
/** And at most this many bytes of them (URLs and keys run to 4 KB each). */
const REMEMBERED_MAX_BYTES = 8 * 1024 * 1024;

/**
 * A store whose fresh entries can be read at once: the in-memory store, or the near copies in
 * front of Redis (plugins/near-cache.ts).
 */
export interface PeekableStore {
  peekEntry(key: string): CacheEntry | undefined;
}

export class FastHits {
  private readonly remembered = new LRUCache<string, Remembered>({
    max: REMEMBERED_MAX,
    maxSize: REMEMBERED_MAX_BYTES,
    sizeCalculation: (hit, url) => rememberedBytes(url, hit),
  });
  private store: PeekableStore | undefined;
  private rateLimit: SharedRateLimit | undefined;
  private log: FastifyBaseLogger | undefined;
  private line: HitLine | undefined;
  private readonly trust: ((address: string, hop: number) => boolean) | undefined;
  /** Answers given here (tests and the bench read it). */
  answered = 0;
  /** Set once the server begins to close: every answer then goes through Fastify. */
  closing = false;

  private readonly maxUrlLength: number;

  constructor(options: { trustProxy?: TrustProxy; maxUrlLength: number }) {
    this.trust = trustFunction(options.trustProxy ?? false);
    this.maxUrlLength = options.maxUrlLength;
  }

  /**
   * Turns the path on, once the app is built: with the in-memory store, or with Redis the near
   * copies in front of it (a Redis read is a network round trip, and the point of this path is to
   * answer without waiting).
   */
  enable(parts: {
    store: PeekableStore;
    rateLimit: SharedRateLimit | undefined;
    log: FastifyBaseLogger;
  }): void {
    this.store = parts.store;
    this.rateLimit = parts.rateLimit;
    this.log = parts.log;
    this.line = HitLine.of(parts.log);
  }

  /** The mirror's handler: `url` (as the client sent it) was answered from the cache. */
  remember(url: string, language: string | undefined, hit: RememberedHit): void {
    if (!this.store) return;
    const headers = steadyHeaders(hit);
    this.remembered.set(rememberKey(url, language), {
      ...hit,
      headers,
      headerLines: headerLines(headers),
      urlJson: HitLine.urlJson(url),
    });
  }

  /** URLs remembered and about the bytes they take. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.remembered.size, bytes: this.remembered.calculatedSize };
  }

  /** The client's address as Fastify's `request.ip` gives it (`peer`: the socket's far end). */
  clientIp(req: IncomingMessage, peer: Peer): string {
    if (!this.trust) return peer.address;
    const all = proxyAddr.all(req, this.trust);
    return all[all.length - 1] ?? '';
  }

  /** Answers `req` when it is a remembered, fresh, anonymous hit; false to hand it to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const store = this.store;
    const url = req.url;
    if (!store || this.closing || !url) return false;
    if (!url.startsWith('/api/pixiv/') || url.length > this.maxUrlLength) return false;
    const headers = req.headers;
    if (!isPlainAnonymousGet(req.method, headers)) return false;
    const language = firstLanguage(headers['accept-language']);
    const hit = this.remembered.get(rememberKey(url, language));
    if (!hit) return false;
    const entry = store.peekEntry(hit.key);
    const now = Date.now();
    if (!entry?.bytes || entry.expires <= now) return false;
    const started = performance.now();
    const peer = peerOf(req.socket);
    const ip = this.clientIp(req, peer);
    // the headers that differ between answers (name, value, name, value), after the steady ones
    const out: (string | number)[] = [];
    const limit = this.rateLimit;
    if (limit && limit.max > 0) {
      let state: { current: number; ttl: number } | undefined;
      limit.store.incr(normalizeIP(ip), (_e, s) => (state = s), limit.timeWindow, limit.max);
      // over the budget (or a store that is not synchronous): Fastify answers it
      if (!state || state.current > limit.max) return false;
      out.push(
        'x-ratelimit-limit',
        limit.max,
        'x-ratelimit-remaining',
        limit.max - state.current,
        'x-ratelimit-reset',
        Math.ceil(state.ttl / 1000),
      );
    }
    const id = requestId();
    const encoding = pickEncoding(headers['accept-encoding']);
    const encoded = encoding ? entry.encoded?.[encoding] : undefined;
    const body = encoded ?? entry.bytes;
    const maxAge =
      entry.expires === Infinity
        ? (hit.ttl ?? NO_EXPIRY_MAX_AGE)
        : Math.max(0, Math.floor((entry.expires - now) / 1000));
    out.push('cache-control', maxAge > 0 ? `max-age=${maxAge}` : 'no-cache');
    if (encoded && encoding) out.push('content-encoding', encoding);
    if (entry.bytes.length >= COMPRESS_MIN_BYTES) out.push('vary', 'accept-encoding');
    out.push('x-request-id', id, 'x-process-time', processTime(performance.now() - started));
    if (HitResponse.supported && res instanceof HitResponse) {
      // every value above is ours (numbers, an encoding's name, a UUID): no line needs checking
      let lines = hit.headerLines;
      for (let i = 0; i < out.length; i += 2) lines += `${out[i]}: ${out[i + 1]}\r\n`;
      res.headerLines = lines;
      // no headers given: node writes the status line when `end` sends the body, with the body's
      // Content-Length (node checks each header it is given with two regular expressions)
      res.statusCode = 200;
    } else {
      // name, value, name, value: node writes an array's headers in order, without a key walk
      res.writeHead(200, [...hit.headers, ...out, 'content-length', body.length]);
    }
    res.end(body);
    this.answered++;
    const elapsed = performance.now() - started;
    if (!this.line?.write(id, hit.urlJson, headers.host, ip, peer.portPart, elapsed))
      this.log?.info(
        {
          reqId: id,
          req: { method: 'GET', url, host: headers.host, ip, socket: req.socket, headers },
          res: { statusCode: 200 },
          responseTime: Math.round(elapsed * 100) / 100,
        },
        'request completed',
      );
    return true;
  }
}

/**
 * A call this path may take (and the mirror's handler may remember): a same-site GET without a
 * user's token that asks for no fresh copy.
 */
export function isPlainAnonymousGet(
  method: string | undefined,
  headers: IncomingHttpHeaders,
): boolean {
  return (
    method === 'GET' &&
    headers[USER_TOKEN_HEADER] === undefined &&
    headers.origin === undefined &&
    headers['cache-control'] === undefined &&
    headers.pragma === undefined
  );
}

/** Two bytes a character at worst, and the object's own few. */
function rememberedBytes(url: string, hit: Remembered): number {
  let headers = 0;
  for (const part of hit.headers) headers += part.length;
  const strings =
    url.length + hit.key.length + hit.urlJson.length + headers + hit.headerLines.length;
  return 2 * strings + 96 + 8 * hit.headers.length;
}

function rememberKey(url: string, language: string | undefined): string {
  return `${language ?? ''}\n${url}`;
}

/** A connection's far end, as its socket's `remoteAddress` and `remotePort` give it. */
interface Peer {
  address: string;
  /** Its port as the request line writes it (`HitLine.portPart`). */
  portPart: string;
}
const peers = new WeakMap<Socket, Peer>();

/**
 * The far end of `socket`, read once a connection: node's getters look it up through properties
 * that every kind of socket in the server passes through (a costly lookup each time, callgrind).
 */
function peerOf(socket: Socket): Peer {
  let peer = peers.get(socket);
  if (!peer) {
    peer = { address: socket.remoteAddress ?? '', portPart: HitLine.portPart(socket.remotePort) };
    // a socket that has closed knows no address: asked again next time
    if (socket.remoteAddress !== undefined) peers.set(socket, peer);
  }
  return peer;
}

/**
 * `X-Process-Time` for `ms` milliseconds: seconds with four decimals, as `toFixed(4)` writes them.
 * What it times on a hit takes microseconds, which `toFixed` (V8's digit generator) writes as
 * 0.0000: that is written without it (below 0.0000499 s, clear of `toFixed`'s rounding at 0.00005).
 */
export function processTime(ms: number): string {
  const seconds = ms / 1000;
  return seconds < 0.0000499 ? '0.0000' : seconds.toFixed(4);
}

/**
 * `String(h / 100)` for every `h` below 1,000: a request line's `responseTime` in milliseconds,
 * rounded to hundredths as pino's is, without turning a double into its shortest digits on every
 * line. A hit takes well under 10 ms. (This, the time below and the port made once a connection:
 * 68.1k instructions a hit against 69.9–70.1k, callgrind, stop 62.)
 */
const HUNDREDTHS = Array.from({ length: 1000 }, (_, h) => String(h / 100));

/** The request line's `responseTime` for `ms`, as `${Math.round(ms * 100) / 100}` writes it. */
export function responseTimeText(ms: number): string {
  const h = Math.round(ms * 100);
  return h >= 0 && h < HUNDREDTHS.length ? HUNDREDTHS[h]! : String(h / 100);
}

const {
  streamSym,
  chindingsSym,
  levelValSym,
  lsCacheSym,
  messageKeySym,
  mixinSym,
  hooksSym,
  formattersSym,
  timeSym,
} = pino.symbols;

/** pino's value of `info`. */
const INFO = 30;

/**
 * A hit's request line at `info`, the very line pino writes for it (fast-hits.test compares the
 * two byte for byte), built as one template string and handed to the logger's stream. pino's own
 * call walks the line's object and its serializers key by key: about 16 µs a line in a profile
 * of the server bench's load, where this takes about 1 µs (issue 37: the log line cost a third of
 * the hit's rate). Only for a logger with pino's defaults (no mixin, hooks, log formatter or
 * other message key, any of which would change the line): otherwise the hit logs through pino.
 */
export class HitLine {
  /** The last line's host and its part of the line. */
  private host: string | undefined;
  private hostPart = '';
  /** The last line's client address and its JSON. */
  private ip = '';
  private ipJson = '""';
  /** The last line's millisecond and its `,"time":…` (pino's epoch clock only). */
  private ms = -1;
  private timePart = '';
  /** The logger's clock is pino's default (`,"time":` and `Date.now()`), kept a millisecond. */
  private readonly epochClock: boolean;

  private constructor(
    private readonly logger: Record<symbol, unknown>,
    private readonly stream: { write(line: string): unknown },
    /** `{"level":30`, as the level formatter writes it. */
    private readonly levelPart: string,
    /** `,"pid":…,"hostname":…`: the logger's bindings. */
    private readonly bindings: string,
    /** `,"time":…` */
    private readonly time: () => string,
  ) {
    this.epochClock = time === pino.stdTimeFunctions.epochTime;
  }

  /** A connection's port as the line writes it (made once a connection). */
  static portPart(port: number | undefined): string {
    return port === undefined ? '' : `,"remotePort":${port}`;
  }

  /** A URL as the line writes it: its secrets redacted, as a JSON string. */
  static urlJson(url: string): string {
    return JSON.stringify(redactUrlSecrets(url));
  }

  static of(log: FastifyBaseLogger): HitLine | undefined {
    const logger = log as unknown as Record<symbol, unknown>;
    const stream = logger[streamSym] as { write?: unknown } | undefined;
    const levelPart = (logger[lsCacheSym] as Record<number, unknown> | undefined)?.[INFO];
    const bindings = logger[chindingsSym];
    const time = logger[timeSym];
    if (typeof stream?.write !== 'function' || typeof levelPart !== 'string') return undefined;
    if (typeof bindings !== 'string' || typeof time !== 'function') return undefined;
    const hooks = logger[hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
    const formatters = logger[formattersSym] as { log?: unknown } | undefined;
    if (logger[messageKeySym] !== 'msg' || logger[mixinSym] || formatters?.log) return undefined;
    if (hooks?.logMethod || hooks?.streamWrite) return undefined;
    return new HitLine(
      logger,
      stream as { write(line: string): unknown },
      levelPart,
      bindings,
      time as () => string,
    );
  }

  /**
   * Writes the line (`urlJson` from `HitLine.urlJson`, `portPart` from `HitLine.portPart`, the
   * answer's time in milliseconds), or drops it when the logger's level is above `info`; false at
   * `debug` and `trace`, whose request lines carry the headers too: pino writes those.
   */
  write(
    id: string,
    urlJson: string,
    host: string | undefined,
    ip: string,
    portPart: string,
    elapsedMs: number,
  ): boolean {
    const level = this.logger[levelValSym] as number;
    if (level > INFO) return true;
    if (level < INFO) return false;
    // a server's hits come from few clients under few host names: their JSON is kept, not redone
    if (host !== this.host) {
      this.host = host;
      this.hostPart = host === undefined ? '' : `"host":${JSON.stringify(host)},`;
    }
    if (ip !== this.ip) {
      this.ip = ip;
      this.ipJson = JSON.stringify(ip);
    }
    let time: string;
    if (this.epochClock) {
      // the time as a number is a double (past 2^31), whose digits V8 generates each time: made
      // once a millisecond, for the few dozen lines of a busy one
      const ms = Date.now();
      if (ms !== this.ms) {
        this.ms = ms;
        this.timePart = `,"time":${ms}`;
      }
      time = this.timePart;
    } else time = this.time();
    this.stream.write(
      `${this.levelPart}${time}${this.bindings},"reqId":"${id}",` +
        `"req":{"method":"GET","url":${urlJson},${this.hostPart}` +
        `"remoteAddress":${this.ipJson}${portPart}},"res":{"statusCode":200},` +
        `"responseTime":${responseTimeText(elapsedMs)},"msg":"request completed"}\n`,
    );
    return true;
  }
}
