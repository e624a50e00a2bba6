/** Everything one running sandbox knows: the seeded world plus what accounts did to it. */
import { TokenStore } from './accounts.ts';
import { jstDayStart } from './clock.ts';
import { Dataset } from './data/dataset.ts';
import { Indexes } from './data/indexes.ts';
import { Rankings } from './data/ranking.ts';
import { ImageStore } from './images/store.ts';

export interface SandboxOptions {
  /** Seed of the dataset; the same seed gives the same world. Default 20070913. */
  seed?: number;
  /** The sandbox's present, epoch ms. Default: the time of start. */
  now?: number;
  /** Number of works (default 60 000) and users (default 3 000). */
  illustCount?: number;
  userCount?: number;
}

export const DEFAULT_SEED = 20_070_913;

export class SandboxState {
  readonly data: Dataset;
  readonly rankings: Rankings;
  readonly indexes: Indexes;
  readonly tokens: TokenStore;
  readonly images: ImageStore;
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
    this.images = new ImageStore(this.data);
    this.indexes = new Indexes(this.data);
  }
}
