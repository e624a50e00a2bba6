/**
 * The response cache: a bounded in-memory LRU with per-entry lifetimes, in-flight coalescing
 * (concurrent identical requests share one upstream call) and stale entries kept for serving
 * when upstream fails. The Redis backend (several instances) plugs in behind the same interface.
 */

export interface CacheEntry {
  /** The serialised upstream JSON. */
  body: string;
  /** Epoch ms after which the entry is stale; Infinity for no expiry. */
  expires: number;
}

export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, entry: CacheEntry): Promise<void>;
}

export class MemoryCacheStore implements CacheStore {
  private readonly map = new Map<string, CacheEntry>();

  constructor(private readonly maxEntries: number) {}

  async get(key: string): Promise<CacheEntry | undefined> {
    const entry = this.map.get(key);
    if (entry) {
      this.map.delete(key);
      this.map.set(key, entry);
    }
    return entry;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    if (this.maxEntries === 0) return;
    this.map.delete(key);
    this.map.set(key, entry);
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
  }

  get size(): number {
    return this.map.size;
  }
}

export type CacheMode = 'default' | 'refresh' | 'bypass';

export interface CachedResult<T> {
  value: T;
  /** 'hit' fresh from cache, 'miss' fetched now, 'stale' served from cache after an upstream failure. */
  source: 'hit' | 'miss' | 'stale';
  /** Seconds left of the entry's life (for Cache-Control: max-age). */
  maxAge: number;
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
  ) {}

  async fetch(
    key: string,
    ttlSeconds: number | null,
    mode: CacheMode,
    load: () => Promise<Fetched>,
  ): Promise<CachedResult<string>> {
    const entry = mode === 'default' ? await this.store.get(key) : undefined;
    if (entry && entry.expires > this.now()) {
      return {
        value: entry.body,
        source: 'hit',
        maxAge: this.remaining(entry.expires, ttlSeconds),
      };
    }
    const pending = this.inFlight.get(key);
    if (pending && mode !== 'bypass') return pending;
    const job = this.load(key, ttlSeconds, mode, load, entry);
    if (mode === 'bypass') return job;
    this.inFlight.set(key, job);
    try {
      return await job;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async load(
    key: string,
    ttlSeconds: number | null,
    mode: CacheMode,
    load: () => Promise<Fetched>,
    known: CacheEntry | undefined,
  ): Promise<CachedResult<string>> {
    let fetched: Fetched;
    try {
      fetched = await load();
    } catch (error) {
      const stale = known ?? (mode === 'bypass' ? undefined : await this.store.get(key));
      if (stale) return { value: stale.body, source: 'stale', maxAge: 0 };
      throw error;
    }
    const expires = ttlSeconds === null ? Infinity : this.now() + ttlSeconds * 1000;
    if (fetched.cacheable && mode !== 'bypass')
      await this.store.set(key, { body: fetched.body, expires });
    return {
      value: fetched.body,
      source: 'miss',
      // A fresh entry has its whole lifetime left.
      maxAge: fetched.cacheable ? (ttlSeconds ?? NO_EXPIRY_MAX_AGE) : 0,
    };
  }

  private remaining(expires: number, ttlSeconds: number | null): number {
    if (expires === Infinity) return ttlSeconds ?? NO_EXPIRY_MAX_AGE;
    return Math.max(0, Math.floor((expires - this.now()) / 1000));
  }
}

/** What Cache-Control says for entries that never expire (a year). */
export const NO_EXPIRY_MAX_AGE = 31_536_000;
