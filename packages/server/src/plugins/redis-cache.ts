/**
 * The shared response cache in Redis, for several server instances: entries are JSON strings
 * under `pv:cache:<key>`; a load is claimed with `SET pv:lock:<key> NX PX`, and its outcome is
 * published on one channel that every instance listens to, so 50 identical cold requests spread
 * over any number of instances make one upstream call. A claim is a short lease that its holder
 * renews while it loads, so the claim of an instance that dies mid-load frees its waiters within
 * a lease (3 s), not after the whole upstream timeout.
 *
 * Expired entries stay in Redis a while longer (STALE_KEEP_MS) so that they can be served when
 * upstream fails; Redis' own TTL removes them after that. Memory is bounded by the operator's
 * `maxmemory` policy.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Encoded } from '../lib/compress.ts';
import type { CacheEntry, CacheStore, Fetched } from './cache.ts';

const ENTRY_PREFIX = 'pv:cache:';
const LOCK_PREFIX = 'pv:lock:';
const CHANNEL = 'pv:cache:loaded';
/**
 * Where an instance says it has written or deleted an entry (`{ from, key }`), so that the
 * others drop their near copies (near-cache.ts).
 */
const CHANGED_CHANNEL = 'pv:cache:changed';
/** How long an expired entry is kept for stale serving. */
export const STALE_KEEP_MS = 24 * 3600 * 1000;

/** Extends the lock only when this instance still holds it. */
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/** Deletes the lock only when this instance still holds it. */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** An entry as Redis keeps it: body, expiry (null: none), brotli and gzip forms in base64. */
interface StoredEntry {
  b: string;
  e: number | null;
  r?: string;
  g?: string;
}

interface Announcement {
  key: string;
  outcome: Fetched | null;
}

interface Change {
  /** The instance that wrote or deleted the entry. */
  from: string;
  key: string;
}

/** What a near cache (near-cache.ts) hears from the shared store. */
export interface ChangeListener {
  /** Another instance wrote or deleted `key`. */
  changed(key: string): void;
  /**
   * The subscription was lost (changes may be missed until it is back) or is back again
   * (`listening`).
   */
  listening(on: boolean): void;
}

export interface RedisCacheOptions {
  /** The longest a waiter waits for another instance's load (longer than the upstream timeout). */
  lockMs?: number;
  /** A claim's lease, renewed by its live holder every third of it (default 3 s). */
  leaseMs?: number;
  now?: () => number;
}

export class RedisCacheStore implements CacheStore {
  private readonly instance = randomUUID();
  private readonly waiters = new Map<string, Set<(outcome: Fetched | undefined) => void>>();
  private readonly lockMs: number;
  private readonly leaseMs: number;
  private readonly now: () => number;
  /** The renewal timers of this instance's claims, by key. */
  private readonly leases = new Map<string, ReturnType<typeof setInterval>>();
  private readonly changeListeners = new Set<ChangeListener>();

  private constructor(
    private readonly client: Redis,
    private readonly subscriber: Redis,
    options: RedisCacheOptions,
  ) {
    this.lockMs = options.lockMs ?? 25_000;
    this.leaseMs = options.leaseMs ?? 3_000;
    this.now = options.now ?? Date.now;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === CHANGED_CHANNEL) return this.heard(message);
      if (channel !== CHANNEL) return;
      let parsed: Announcement;
      try {
        parsed = JSON.parse(message) as Announcement;
      } catch {
        return;
      }
      const set = this.waiters.get(parsed.key);
      if (!set) return;
      this.waiters.delete(parsed.key);
      for (const resolve of set) resolve(parsed.outcome ?? undefined);
    });
    // ioredis subscribes again by itself after a reconnect ('ready'); changes sent in between
    // are lost, which the listeners must assume from the 'close'.
    subscriber.on('close', () => {
      for (const l of this.changeListeners) l.listening(false);
    });
    subscriber.on('ready', () => {
      for (const l of this.changeListeners) l.listening(true);
    });
  }

  private heard(message: string): void {
    let change: Change;
    try {
      change = JSON.parse(message) as Change;
    } catch {
      return;
    }
    if (change.from === this.instance || typeof change.key !== 'string') return;
    for (const l of this.changeListeners) l.changed(change.key);
  }

  /** Hears the other instances' writes and deletes; the returned function stops it. */
  onChange(listener: ChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Tells the other instances that `key` changed (after the write or delete itself). */
  private async told(key: string): Promise<void> {
    const change: Change = { from: this.instance, key };
    await this.client.publish(CHANGED_CHANNEL, JSON.stringify(change));
  }

  /** Connects both connections (commands and subscription); fails when Redis cannot be reached. */
  static async connect(url: string, options: RedisCacheOptions = {}): Promise<RedisCacheStore> {
    const settings = {
      lazyConnect: true,
      // Fail commands at once while disconnected: the cache then acts as a miss, never a hang.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
    } as const;
    const client = new Redis(url, settings);
    const subscriber = new Redis(url, settings);
    client.on('error', () => {});
    subscriber.on('error', () => {});
    await client.connect();
    await subscriber.connect();
    await subscriber.subscribe(CHANNEL, CHANGED_CHANNEL);
    return new RedisCacheStore(client, subscriber, options);
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const raw = await this.client.get(ENTRY_PREFIX + key);
    if (raw === null) return undefined;
    const { b, e, r, g } = JSON.parse(raw) as StoredEntry;
    const encoded: Encoded = {};
    if (r) encoded.br = Buffer.from(r, 'base64');
    if (g) encoded.gzip = Buffer.from(g, 'base64');
    return { body: b, expires: e ?? Infinity, encoded };
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    const stored: StoredEntry = {
      b: entry.body,
      e: entry.expires === Infinity ? null : entry.expires,
      r: entry.encoded?.br?.toString('base64'),
      g: entry.encoded?.gzip?.toString('base64'),
    };
    const value = JSON.stringify(stored);
    if (entry.expires === Infinity) {
      await this.client.set(ENTRY_PREFIX + key, value);
    } else {
      const keepMs = Math.max(1, entry.expires - this.now() + STALE_KEEP_MS);
      await this.client.set(ENTRY_PREFIX + key, value, 'PX', keepMs);
    }
    await this.told(key);
  }

  async delete(key: string): Promise<void> {
    await this.client.del(ENTRY_PREFIX + key);
    await this.told(key);
  }

  async claim(key: string): Promise<boolean> {
    const ok = await this.client.set(LOCK_PREFIX + key, this.instance, 'PX', this.leaseMs, 'NX');
    if (ok !== 'OK') return false;
    const renew = setInterval(() => {
      this.client
        .eval(RENEW_SCRIPT, 1, LOCK_PREFIX + key, this.instance, this.leaseMs)
        .catch(() => undefined);
    }, this.leaseMs / 3);
    renew.unref();
    this.leases.set(key, renew);
    return true;
  }

  async announce(key: string, outcome: Fetched | undefined): Promise<void> {
    clearInterval(this.leases.get(key));
    this.leases.delete(key);
    const message: Announcement = { key, outcome: outcome ?? null };
    await this.client.publish(CHANNEL, JSON.stringify(message));
    await this.client.eval(RELEASE_SCRIPT, 1, LOCK_PREFIX + key, this.instance);
  }

  waitFor(key: string): { outcome: Promise<Fetched | undefined>; cancel(): void } {
    let resolve!: (outcome: Fetched | undefined) => void;
    const outcome = new Promise<Fetched | undefined>((r) => (resolve = r));
    let set = this.waiters.get(key);
    if (!set) this.waiters.set(key, (set = new Set()));
    let finished = false;
    const done = (value: Fetched | undefined) => {
      finished = true;
      clearTimeout(timer);
      set.delete(done);
      if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
      resolve(value);
    };
    set.add(done);
    // The loader may die without announcing: its lease then lapses, which a check every lease
    // notices (the caller then reads the entry or claims the load itself); lockMs bounds the wait.
    const started = this.now();
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      if (finished) return;
      timer = setTimeout(() => {
        if (this.now() - started >= this.lockMs) return done(undefined);
        this.client.exists(LOCK_PREFIX + key).then(
          (held) => (held ? check() : done(undefined)),
          () => done(undefined),
        );
      }, this.leaseMs);
    };
    check();
    return { outcome, cancel: () => done(undefined) };
  }

  async close(): Promise<void> {
    for (const renew of this.leases.values()) clearInterval(renew);
    this.leases.clear();
    for (const set of this.waiters.values()) for (const resolve of set) resolve(undefined);
    this.waiters.clear();
    await Promise.allSettled([this.client.quit(), this.subscriber.quit()]);
  }
}
