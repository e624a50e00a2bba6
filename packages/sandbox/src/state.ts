/** Everything one running sandbox knows: the seeded world plus what accounts did to it. */
import { TokenStore } from './accounts.ts';
import { jstDayStart, parseNow } from './clock.ts';
import { Dataset } from './data/dataset.ts';
import { Indexes } from './data/indexes.ts';
import { Spotlights } from './data/spotlights.ts';
import { Lives } from './data/lives.ts';
import { Social } from './data/social.ts';
import { Novels } from './data/novels.ts';
import { Comments } from './data/comments.ts';
import { ImageIndex } from './data/image-index.ts';
import { Rankings } from './data/ranking.ts';
import { Faults, parseFaultRules, type FaultRule } from './faults/faults.ts';
import type { RateLimitBudget } from './faults/token-budget.ts';
import { ImageStore } from './images/store.ts';
import { Rng } from './rng.ts';

export interface SandboxOptions {
  /** Seed of the dataset; the same seed gives the same world. Default 20070913. */
  seed?: number;
  /**
   * The sandbox's present. A number (epoch ms) pins the present at start, and the clock then
   * runs on from it in real time (tokens expire, posted comments and live streams move on); a
   * function is the clock itself, read whenever an answer needs the time (return a constant to
   * stop time). Default: `SANDBOX_NOW` (ISO date-time or epoch ms), else the real clock.
   */
  now?: number | (() => number);
  /** Number of works (default 60 000) and users (default 3 000). */
  illustCount?: number;
  userCount?: number;
  /** Faults applied from the start (see faults.ts); default: read from SANDBOX_FAULTS. */
  faults?: FaultRule[];
  /** Per-account app-API budget (faults/token-budget.ts); default: read from SANDBOX_RATE_LIMIT. */
  rateLimit?: RateLimitBudget;
}

export const DEFAULT_SEED = 20_070_913;

export class SandboxState {
  readonly data: Dataset;
  readonly rankings: Rankings;
  readonly indexes: Indexes;
  readonly tokens: TokenStore;
  readonly images: ImageStore;
  readonly faults: Faults;
  /** Bookmarks and follows made while the sandbox runs. */
  readonly social = new Social();
  private spotlightsCache: Spotlights | undefined;
  private livesCache: Lives | undefined;
  private imageIndexCache: ImageIndex | undefined;
  private novelsCache: Novels | undefined;
  private commentsCache: Comments | undefined;
  /** The sandbox's present at start (epoch ms): the world and the rankings are fixed by it. */
  readonly now: number;
  /** The sandbox's current time (epoch ms), for what is stamped while it runs. */
  readonly clock: () => number;
  /** How many times each per-call draw (`nextRng`) has been made. */
  private readonly draws = new Map<string, number>();

  constructor(options: SandboxOptions = {}) {
    const pinned = options.now ?? parseNow(process.env.SANDBOX_NOW);
    let now: number;
    if (typeof pinned === 'function') {
      this.clock = pinned;
      now = pinned();
    } else {
      // The present is exactly the pinned value (it fixes the world), and the clock runs on
      // from it in real time from the moment the sandbox is built.
      const startedAt = Date.now();
      now = pinned ?? startedAt;
      this.clock = () => now + (Date.now() - startedAt);
    }
    // The world is fixed per JST day, so two sandboxes started the same day (the server's
    // embedded one and a standalone one) serve the same works and image paths.
    this.data = new Dataset({
      seed: options.seed ?? DEFAULT_SEED,
      now: jstDayStart(now),
      illustCount: options.illustCount,
      userCount: options.userCount,
    });
    this.now = now;
    this.rankings = new Rankings(this.data, this.clock);
    this.tokens = new TokenStore(this.clock, (name) => this.nextRng(name));
    this.images = new ImageStore(this.data, () => this.novels);
    this.indexes = new Indexes(this.data);
    this.faults = new Faults(options.faults ?? parseFaultRules(process.env.SANDBOX_FAULTS));
  }

  /** The reverse image search's index, built on the first search. */
  get imageIndex(): ImageIndex {
    return (this.imageIndexCache ??= new ImageIndex(this.data, this.now));
  }

  /** The novels and novel series, built on first use. */
  get novels(): Novels {
    return (this.novelsCache ??= new Novels(this.data));
  }

  /** Comment threads of works and novels, with what accounts posted. */
  get comments(): Comments {
    return (this.commentsCache ??= new Comments(
      this.data.seed,
      this.data.allUsers,
      this.now,
      this.clock,
    ));
  }

  /**
   * A fresh generator for one call of something that changes from call to call (discovery's
   * reshuffle, access tokens, the sketch envelope's `rand`): the n-th draw of `name` is the same
   * in every sandbox with this seed, so two of them asked the same sequence answer identically.
   */
  nextRng(name: string): Rng {
    const n = this.draws.get(name) ?? 0;
    this.draws.set(name, n + 1);
    return Rng.of(this.data.seed, `${name}#${n}`);
  }

  /** Sketch live streams going on at the start. */
  get lives(): Lives {
    return (this.livesCache ??= new Lives(this.data, this.now));
  }

  /** pixivision's archive, built on first use (it reads the tag index). */
  get spotlights(): Spotlights {
    return (this.spotlightsCache ??= new Spotlights(this.data, this.indexes));
  }
}
