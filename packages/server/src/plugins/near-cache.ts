/**
 * A near copy of the shared cache's entries in each instance (issue 37, the load bench's
 * `instances` setup): with Redis, every hit was a Redis round trip and a JSON and base64 decode
 * through Fastify, and the fast-hit path (lib/fast-hits.ts) was off, so two instances behind nginx
 * answered cached hits at about a third of the rate of two bare node:http servers behind the same
 * nginx (12,651 against 35,245 a second, p99 2.76× theirs).
 *
 * An entry read from or written to the shared store is kept here for NEAR_WINDOW_MS (never past its
 * own expiry; then renewed by one read of the shared store per key, the copy answered until that
 * read returns), bytes and compressed forms ready, so the instance answers its hot keys from
 * memory and the fast path answers them without Fastify. It stays coherent with the
 * other instances: each write or delete of the shared store is published (redis-cache.ts
 * `onChange`) and drops the near copy everywhere else at once (a user's bookmark invalidates the
 * keys on one instance; the next call on another must not see the old answer). A near copy filled
 * from a read that a change overtook is not kept. While the subscription is down nothing is kept
 * near (changes could be missed); the window bounds what a lost message could leave.
 *
 * Stale serving (an upstream failure) still reads the shared store, which keeps expired entries:
 * a near copy is only ever fresh.
 */
import { LRUCache } from 'lru-cache';
import {
  DEFAULT_CACHE_MAX_BYTES,
  entryBytes,
  type CacheEntry,
  type CacheStore,
  type Fetched,
  type MemoryCacheLimits,
} from './cache.ts';
import type { ChangeListener } from './redis-cache.ts';

/** How long a near copy is answered before the shared store is asked again. */
export const NEAR_WINDOW_MS = 5_000;

/** The shared store a near cache sits in front of (RedisCacheStore). */
export interface SharedStore extends Required<CacheStore> {
  onChange(listener: ChangeListener): () => void;
}

interface Near {
  entry: CacheEntry;
  /**
   * Epoch ms after which the copy is renewed (≤ the entry's own expiry); it is answered while
   * that read is under way, until one more window has passed.
   */
  until: number;
}

/**
 * The in-memory store's bounds (0 entries: nothing kept near, as CACHE_MAX_ENTRIES=0 turns the
 * cache off), and for the tests a clock and a window.
 */
export interface NearCacheOptions extends MemoryCacheLimits {
  now?: () => number;
  windowMs?: number;
}

export class NearCacheStore implements Required<CacheStore> {
  private readonly near: LRUCache<string, Near>;
  private readonly now: () => number;
  private readonly windowMs: number;
  /** Whether the shared store's changes are heard now. */
  private listening = true;
  /** Changes heard so far: a read that one overtook keeps nothing near. */
  private changes = 0;
  private readonly stop: () => void;
  private readonly off: boolean;
  /** The shared store's reads under way, by key. */
  private readonly reading = new Map<string, Promise<CacheEntry | undefined>>();

  constructor(
    private readonly shared: SharedStore,
    options: NearCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.windowMs = options.windowMs ?? NEAR_WINDOW_MS;
    this.off = options.maxEntries === 0;
    this.near = new LRUCache<string, Near>({
      max: Math.max(1, options.maxEntries),
      maxSize: Math.max(1, options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES),
      sizeCalculation: (near, key) => entryBytes(key, near.entry),
    });
    this.stop = shared.onChange({
      changed: (key) => {
        this.changes++;
        this.near.delete(key);
        // a read under way may be older than the change: the next one asks again
        this.reading.delete(key);
      },
      listening: (on) => {
        this.changes++;
        this.listening = on;
        this.near.clear();
        this.reading.clear();
      },
    });
  }

  /**
   * The near copy of `key`, at once (the fast-hit path answers from it), or undefined. Past its
   * window the copy is renewed by one read of the shared store, and answered until that read
   * returns (at most one more window): a hot key never sends a burst of requests to Redis.
   */
  peekEntry(key: string): CacheEntry | undefined {
    const near = this.near.get(key);
    if (!near) return undefined;
    const now = this.now();
    if (now < near.until) return near.entry;
    if (now < near.until + this.windowMs && now < near.entry.expires) {
      this.read(key).catch(() => this.near.delete(key));
      return near.entry;
    }
    this.near.delete(key);
    return undefined;
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    return this.peekEntry(key) ?? this.read(key);
  }

  /** One read of the shared store per key at a time, whose entry is then kept near. */
  private read(key: string): Promise<CacheEntry | undefined> {
    const pending = this.reading.get(key);
    if (pending) return pending;
    const seen = this.changes;
    const read = this.shared
      .get(key)
      .then((entry) => {
        // a change heard meanwhile: the entry may be older than it
        if (seen === this.changes) this.keep(key, entry);
        return entry;
      })
      .finally(() => {
        if (this.reading.get(key) === read) this.reading.delete(key);
      });
    this.reading.set(key, read);
    return read;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    this.near.delete(key);
    this.reading.delete(key);
    const seen = this.changes;
    await this.shared.set(key, entry);
    if (seen === this.changes) this.keep(key, entry);
  }

  async delete(key: string): Promise<void> {
    this.near.delete(key);
    this.reading.delete(key);
    await this.shared.delete(key);
  }

  claim(key: string): Promise<boolean> {
    return this.shared.claim(key);
  }

  announce(key: string, outcome: Fetched | undefined): Promise<void> {
    return this.shared.announce(key, outcome);
  }

  waitFor(key: string): { outcome: Promise<Fetched | undefined>; cancel(): void } {
    return this.shared.waitFor(key);
  }

  /** Keeps a fresh entry near, with its UTF-8 bytes (what a hit writes); forgets any other. */
  private keep(key: string, entry: CacheEntry | undefined): void {
    const now = this.now();
    const until = entry ? Math.min(entry.expires, now + this.windowMs) : now;
    if (!entry || until <= now || !this.listening || this.off) {
      this.near.delete(key);
      return;
    }
    this.near.set(key, {
      entry: { ...entry, bytes: entry.bytes ?? Buffer.from(entry.body) },
      until,
    });
  }

  /** Entries kept near and the bytes they take. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.near.size, bytes: this.near.calculatedSize };
  }

  /** Stops hearing the shared store's changes. */
  close(): void {
    this.stop();
    this.near.clear();
    this.reading.clear();
  }
}
