/**
 * Who follows whom among the dataset's users, a pure function of the seed: each user follows
 * 0–24 others, drawn towards the prolific users (low user indexes own the most works, see
 * dataset.ts), so popular creators have hundreds of followers and a quiet one has few or none.
 * The inverse (followers) and the mutual pairs (pixiv's "My pixiv" friends) are derived from
 * it once per dataset. The demo accounts' live follows (social.ts) are added by the endpoints.
 */
import type { Dataset } from './dataset.ts';
import { Rng } from '../rng.ts';

/** Most users a dataset user follows. */
export const MAX_DATASET_FOLLOWS = 24;

export class FollowGraph {
  /** By user index: the user indexes they follow, in the order drawn. */
  private readonly following: number[][];
  /** By user index: the user indexes following them, newest follower first. */
  private readonly followersOf: number[][];

  constructor(data: Dataset) {
    const n = data.userCount;
    this.following = Array.from({ length: n }, () => []);
    this.followersOf = Array.from({ length: n }, () => []);
    for (let u = 0; u < n; u++) {
      const user = data.allUsers[u]!;
      const r = Rng.of(data.seed, `follows:${user.id}`);
      const count = r.int(0, MAX_DATASET_FOLLOWS);
      const chosen = new Set<number>();
      for (let k = 0; k < count * 2 && chosen.size < count; k++) {
        const target = Math.floor(n * r.next() ** 2);
        if (target !== u) chosen.add(target);
      }
      this.following[u] = [...chosen];
    }
    // Users later in the dataset joined later: they are the newer followers, listed first.
    for (let u = n - 1; u >= 0; u--) {
      for (const target of this.following[u]!) this.followersOf[target]!.push(u);
    }
  }

  /** The user indexes `userIndex` follows; empty for an index outside the dataset. */
  follows(userIndex: number): readonly number[] {
    return this.following[userIndex] ?? [];
  }

  /** The user indexes following `userIndex`, newest first. */
  followers(userIndex: number): readonly number[] {
    return this.followersOf[userIndex] ?? [];
  }

  /** Users who follow `userIndex` and whom it follows back: its My pixiv friends. */
  mutual(userIndex: number): number[] {
    const follows = new Set(this.follows(userIndex));
    return this.followers(userIndex).filter((u) => follows.has(u));
  }
}

const graphs = new WeakMap<Dataset, FollowGraph>();

/** The dataset's follow graph, built on first use (about 36 000 edges for 3 000 users). */
export function followGraph(data: Dataset): FollowGraph {
  let graph = graphs.get(data);
  if (!graph) graphs.set(data, (graph = new FollowGraph(data)));
  return graph;
}

/** How many My pixiv friends each demo account has. */
export const ACCOUNT_FRIENDS = 8;

/**
 * A demo account's My pixiv friends: dataset users among the 300 most prolific, drawn from the
 * seed and the account. pixiv makes friends by request and acceptance, not by following, so
 * these are independent of the follows; each friend lists the account back.
 */
export function accountFriends(data: Dataset, accountUserId: number): number[] {
  const pool = Array.from({ length: Math.min(300, data.userCount) }, (_, i) => i);
  return Rng.of(data.seed, `mypixiv:${accountUserId}`)
    .sample(pool, ACCOUNT_FRIENDS)
    .sort((a, b) => a - b);
}
