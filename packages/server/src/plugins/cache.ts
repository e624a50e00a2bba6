/**
 * The response cache: a bounded in-memory LRU with per-entry lifetimes, in-flight coalescing
 * (concurrent identical requests share one upstream call) and stale entries kept for serving
 * when upstream fails. The Redis backend (several instances, `redis-cache.ts`) plugs in behind
 * the same interface and adds coalescing across instances through `claim`/`announce`/`waitFor`.
 * Entries keep their brotli and gzip forms (lib/compress.ts), so a hit compresses nothing.
 */
import { LRUCache } from 'lru-cache';
import { compressBoth, type Encoded } from '../lib/compress.ts';

export interface CacheEntry {
  /** The serialised upstream JSON. */
  body: string;
  /** Epoch ms after which the entry is stale; Infinity for no expiry. */
  expires: number;
  /** The body's compressed forms, made once when the entry is stored (none for small bodies). */
  encoded?: Encoded;
  /** The body's UTF-8 bytes, made once when stored, so that a hit writes them as they are. */
  bytes?: Buffer;
}

export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, entry: CacheEntry): Promise<void>;
  delete(key: string): Promise<void>;
  /** Shared stores: try to become the one loader of `key` for a while. */
  claim?(key: string): Promise<boolean>;
  /** Shared stores: tell waiting instances the outcome of a load (undefined when it failed). */
  announce?(key: string, outcome: Fetched | undefined): Promise<void>;
  /** Shared stores: wait for another instance's outcome; undefined when it failed or took too long. */
  waitFor?(key: string): { outcome: Promise<Fetched | undefined>; cancel(): void };
}

/** The default byte bound of the in-memory cache (CACHE_MAX_BYTES): 256 MiB. */
export const DEFAULT_CACHE_MAX_BYTES = 256 * 1024 * 1024;

/**
 * About what an entry holds in memory: the body as V8 keeps it (two bytes a character at worst,
 * as answers with Japanese text are), its compressed forms, its key and some bookkeeping.
 */
export function entryBytes(key: string, entry: CacheEntry): number {
  const encoded =
    (entry.encoded?.br?.length ?? 0) +
    (entry.encoded?.gzip?.length ?? 0) +
    (entry.bytes?.length ?? 0);
  return 2 * (key.length + entry.body.length) + encoded + 64;
}

export interface MemoryCacheLimits {
  /** Most entries kept; 0 turns the cache off. */
  maxEntries: number;
  /** Most bytes kept (entryBytes); an entry larger than this is not kept at all. */
  maxBytes?: number;
}

/** The in-memory store: least recently used entries go first, by count and by bytes. */
export class MemoryCacheStore implements CacheStore {
  private readonly lru: LRUCache<string, CacheEntry> | undefined;

  constructor(limits: MemoryCacheLimits) {
    if (limits.maxEntries === 0) return;
    this.lru = new LRUCache<string, CacheEntry>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes ?? DEFAULT_CACHE_MAX_BYTES,
      sizeCalculation: (entry, key) => entryBytes(key, entry),
    });
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    return this.lru?.get(key);
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    this.lru?.set(key, entry);
  }

  async delete(key: string): Promise<void> {
    this.lru?.delete(key);
  }

  /** The entry under `key`, at once (lib/fast-hits.ts answers from it without waiting). */
  peekEntry(key: string): CacheEntry | undefined {
    return this.lru?.get(key);
  }

  get size(): number {
    return this.lru?.size ?? 0;
  }

  /** The bytes held (entryBytes summed). */
  get bytes(): number {
    return this.lru?.calculatedSize ?? 0;
  }
}

export type CacheMode = 'default' | 'refresh' | 'bypass';

export interface CachedResult<T> {
  value: T;
  /** 'hit' fresh from cache, 'miss' fetched now, 'stale' served from cache after an upstream failure. */
  source: 'hit' | 'miss' | 'stale';
  /** Seconds left of the entry's life (for Cache-Control: max-age). */
  maxAge: number;
  /** The value's stored compressed forms, when it came from or went into the cache. */
  encoded?: Encoded;
  /** The value's stored UTF-8 bytes, likewise. */
  bytes?: Buffer;
}

export interface Fetched {
  body: string;
  /** False for answers that must not be cached (errors, empty lists). */
  cacheable: boolean;
}

/** Cache-aside with coalescing. `ttlSeconds` null means no expiry. */
export class ResponseCache {
  private readonly inFlight = new Map<string, Promise<CachedResult<string>>>();

  constructor(
    private readonly store: CacheStore,
    private readonly now: () => number = Date.now,
    private readonly onStoreError: (error: unknown) => void = () => {},
  ) {}

  /**
   * Forgets entries whose answer a user's action has changed (a bookmark, a follow), so the next
   * call asks upstream again. Store failures are reported, never thrown.
   */
  async invalidate(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((key) => this.store.delete(key).catch((error: unknown) => this.onStoreError(error))),
    );
  }

  /**
   * The fresh value kept under `key`, or undefined: never loads and never waits for a load (a
   * page's head part uses it to learn what it may preload without an upstream call).
   */
  async peek(key: string): Promise<string | undefined> {
    const entry = await this.read(key);
    return entry && entry.expires > this.now() ? entry.body : undefined;
  }

  async fetch(
    key: string,
    ttlSeconds: number | null,
    mode: CacheMode,
    load: () => Promise<Fetched>,
  ): Promise<CachedResult<string>> {
    const entry = mode === 'default' ? await this.read(key) : undefined;
    if (entry && entry.expires > this.now()) {
      return {
        value: entry.body,
        source: 'hit',
        maxAge: this.remaining(entry.expires, ttlSeconds),
        encoded: entry.encoded,
        bytes: entry.bytes,
      };
    }
    const pending = this.inFlight.get(key);
    if (pending && mode !== 'bypass') return pending;
    if (mode === 'bypass') return this.load(key, ttlSeconds, mode, load, entry);
    const job = this.store.claim
      ? this.loadShared(key, ttlSeconds, mode, load, entry)
      : this.load(key, ttlSeconds, mode, load, entry);
    this.inFlight.set(key, job);
    try {
      return await job;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** A store failure (Redis down) must never fail a request: it is a miss. */
  private async read(key: string): Promise<CacheEntry | undefined> {
    try {
      return await this.store.get(key);
    } catch (error) {
      this.onStoreError(error);
      return undefined;
    }
  }

  private async write(key: string, entry: CacheEntry): Promise<void> {
    try {
      await this.store.set(key, entry);
    } catch (error) {
      this.onStoreError(error);
    }
  }

  /**
   * Coalescing across instances: one instance claims the key and loads; the others wait for its
   * announcement (the waiter is registered before the claim, so no announcement is missed). When
   * the loader fails or goes quiet, the waiters try again themselves.
   */
  private async loadShared(
    key: string,
    ttlSeconds: number | null,
    mode: CacheMode,
    load: () => Promise<Fetched>,
    known: CacheEntry | undefined,
  ): Promise<CachedResult<string>> {
    const store = this.store as Required<CacheStore>;
    for (let attempt = 0; attempt < 3; attempt++) {
      const waiter = store.waitFor(key);
      let claimed: boolean;
      try {
        claimed = await store.claim(key);
      } catch (error) {
        waiter.cancel();
        this.onStoreError(error);
        return this.load(key, ttlSeconds, mode, load, known);
      }
      if (claimed) {
        waiter.cancel();
        let outcome: Fetched | undefined;
        try {
          const result = await this.load(key, ttlSeconds, mode, load, known, (f) => (outcome = f));
          return result;
        } finally {
          await store.announce(key, outcome).catch((error: unknown) => this.onStoreError(error));
        }
      }
      const outcome = await waiter.outcome;
      if (outcome) {
        return {
          value: outcome.body,
          source: outcome.cacheable ? 'hit' : 'miss',
          maxAge: outcome.cacheable ? (ttlSeconds ?? NO_EXPIRY_MAX_AGE) : 0,
        };
      }
      // The loader failed or vanished: the entry may have been written meanwhile.
      const entry = mode === 'default' ? await this.read(key) : undefined;
      if (entry && entry.expires > this.now()) {
        return {
          value: entry.body,
          source: 'hit',
          maxAge: this.remaining(entry.expires, ttlSeconds),
          encoded: entry.encoded,
        };
      }
    }
    return this.load(key, ttlSeconds, mode, load, known);
  }

  private async load(
    key: string,
    ttlSeconds: number | null,
    mode: CacheMode,
    load: () => Promise<Fetched>,
    known: CacheEntry | undefined,
    loaded?: (fetched: Fetched) => void,
  ): Promise<CachedResult<string>> {
    let fetched: Fetched;
    try {
      fetched = await load();
    } catch (error) {
      const stale = known ?? (mode === 'bypass' ? undefined : await this.read(key));
      if (stale) return { value: stale.body, source: 'stale', maxAge: 0 };
      throw error;
    }
    const expires = ttlSeconds === null ? Infinity : this.now() + ttlSeconds * 1000;
    let encoded: Encoded | undefined;
    let bytes: Buffer | undefined;
    if (fetched.cacheable && mode !== 'bypass') {
      bytes = Buffer.from(fetched.body);
      encoded = await compressBoth(bytes);
      await this.write(key, { body: fetched.body, expires, encoded, bytes });
    }
    loaded?.(fetched);
    return {
      value: fetched.body,
      source: 'miss',
      // A fresh entry has its whole lifetime left.
      maxAge: fetched.cacheable ? (ttlSeconds ?? NO_EXPIRY_MAX_AGE) : 0,
      encoded,
      bytes,
    };
  }

  private remaining(expires: number, ttlSeconds: number | null): number {
    if (expires === Infinity) return ttlSeconds ?? NO_EXPIRY_MAX_AGE;
    return Math.max(0, Math.floor((expires - this.now()) / 1000));
  }
}

/** What Cache-Control says for entries that never expire (a year). */
export const NO_EXPIRY_MAX_AGE = 31_536_000;
