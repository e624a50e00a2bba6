/** Everything one running sandbox knows: the seeded world plus what accounts did to it. */
import { TokenStore } from './accounts.ts';
import { jstDayStart } from './clock.ts';
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

export interface SandboxOptions {
  /** Seed of the dataset; the same seed gives the same world. Default 20070913. */
  seed?: number;
  /** The sandbox's present, epoch ms. Default: the time of start. */
  now?: number;
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
  /** The sandbox's present at start (epoch ms). */
  readonly now: number;

  constructor(options: SandboxOptions = {}) {
    const now = options.now ?? Date.now();
    // The world is fixed per JST day, so two sandboxes started the same day (the server's
    // embedded one and a standalone one) serve the same works and image paths.
    this.data = new Dataset({
      seed: options.seed ?? DEFAULT_SEED,
      now: jstDayStart(now),
      illustCount: options.illustCount,
      userCount: options.userCount,
    });
    this.now = now;
    this.rankings = new Rankings(this.data, now);
    // Token expiry follows the real clock, offset so that a fixed `now` still works.
    const offset = now - Date.now();
    this.tokens = new TokenStore(() => Date.now() + offset);
    this.images = new ImageStore(this.data, () => this.novels);
    this.indexes = new Indexes(this.data);
    this.faults = new Faults(options.faults ?? parseFaultRules(process.env.SANDBOX_FAULTS));
  }

  /** The reverse image search's index, built on the first search. */
  get imageIndex(): ImageIndex {
    return (this.imageIndexCache ??= new ImageIndex(this.data, this.rankings, this.now));
  }

  /** The novels and novel series, built on first use. */
  get novels(): Novels {
    return (this.novelsCache ??= new Novels(this.data));
  }

  /** Comment threads of works and novels, with what accounts posted. */
  get comments(): Comments {
    return (this.commentsCache ??= new Comments(this.data.seed, this.data.allUsers, this.now));
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
