/**
 * Comments on works and novels (pixiv-upstream.md §1.1 Comment, §3 comments/roots). Each thread
 * is a pure function of the seed and the work: as many comments as the work's `total_comments`
 * (`comments` in the dataset), written by dataset users, some of them replies (two levels, as
 * pixiv threads go: roots and the replies under them), some stamps, some with `(name)` emoji.
 * Comments posted while the sandbox runs are kept per thread and merged in.
 */
import { COMMENT_EMOJI } from '@pv/core';
import { Rng } from '../rng.ts';
import type { SandboxUser } from './dataset.ts';

export type CommentKind = 'illust' | 'novel';

/** What a thread needs to know about its work or novel. */
export interface CommentTarget {
  kind: CommentKind;
  /** Index in the dataset (works) or in the novels. */
  index: number;
  id: number;
  /** total_comments: the thread has exactly this many generated comments. */
  comments: number;
  created: number;
  user: SandboxUser;
}

export interface SandboxComment {
  id: number;
  /** null: a deleted user, shown by pixiv as `user: null` / `isDeletedUser`. */
  user: SandboxUser | null;
  text: string;
  stampId: number | null;
  date: number;
  /** The root comment of the thread; null for a root. */
  rootId: number | null;
  /** The comment answered (the root or another reply); null for a root. */
  parentId: number | null;
  /** Whose comment this one answers. */
  replyTo: SandboxUser | null;
}

export interface Thread {
  /** Root comments, newest first. */
  roots: SandboxComment[];
  /** Replies per root id, oldest first. */
  replies: Map<number, SandboxComment[]>;
  /** Roots plus replies. */
  total: number;
}

/**
 * pixiv's emoji set (`(name)` in comment text, drawn from `s.pximg.net/common/images/emoji/<n>.png`):
 * the 37 names of spec 001 §3, mapped to their image numbers. One table with the app's (core).
 */
export const EMOJI: Readonly<Record<string, number>> = COMMENT_EMOJI;
const EMOJI_NAMES = Object.keys(EMOJI);

/** Stamp ids pixiv's comment box offers (four sets of ten). */
export const STAMP_IDS: readonly number[] = [101, 201, 301, 401].flatMap((base) =>
  Array.from({ length: 10 }, (_, k) => base + k),
);

export function stampUrl(stampId: number): string {
  return `https://s.pximg.net/common/images/stamp/generated-stamps/${stampId}_s.jpg?20180605`;
}

/** The longest comment pixiv accepts, in characters. */
export const COMMENT_MAX_LENGTH = 140;

const LINES = [
  '素敵です！',
  '色使いがとても綺麗ですね',
  '雰囲気が最高です',
  '何度も見返してしまいます',
  '表情がかわいい…',
  '背景の描き込みがすごい',
  '続きが楽しみです！',
  '光の表現が美しいです',
  'ブックマークさせていただきました',
  'この構図好きです',
  'Beautiful work!',
  'I love the colours.',
  '太好看了！',
  '神作品ありがとうございます',
  '涙が出ました',
  'お疲れ様でした！',
  '空気感が伝わってきます',
  'ずっと待ってました',
  '線がきれい',
  'めちゃくちゃ好きです…！',
];
const AUTHOR_LINES = [
  'ありがとうございます！',
  'コメントありがとうございます、励みになります',
  '嬉しいです！',
  'ありがとうございます〜！次も頑張ります',
];

const BASE: Record<CommentKind, number> = { illust: 100_000_000, novel: 1_000_000_000 };
/** Comments per thread at most (ids leave this much room per work). */
const PER_TARGET = 4096;
const ADDED_BASE = 1_900_000_000;
const CACHE_LIMIT = 400;

export interface NewComment {
  user: SandboxUser;
  text: string;
  stampId: number | null;
  /** The comment answered, or null for a new root. */
  parentId: number | null;
}

export class Comments {
  private readonly cache = new Map<string, { roots: SandboxComment[]; all: SandboxComment[] }>();
  private readonly added = new Map<string, SandboxComment[]>();
  private readonly addedOwner = new Map<number, { kind: CommentKind; index: number }>();
  private nextId = ADDED_BASE;

  constructor(
    private readonly seed: number,
    private readonly users: readonly SandboxUser[],
    /** The sandbox's present at start: generated threads end before it. */
    private readonly now: number,
    /** The sandbox's running clock, which dates posted comments. */
    private readonly clock: () => number = () => now,
  ) {}

  /** Which thread a comment id belongs to: the kind and index of its work. */
  locate(commentId: number): { kind: CommentKind; index: number } | undefined {
    if (commentId >= ADDED_BASE) return this.addedOwner.get(commentId);
    for (const kind of ['novel', 'illust'] as const) {
      if (commentId >= BASE[kind]) {
        return { kind, index: Math.floor((commentId - BASE[kind]) / PER_TARGET) };
      }
    }
    return undefined;
  }

  /** The whole thread of a work, generated and posted comments together. */
  thread(target: CommentTarget): Thread {
    const base = this.generated(target);
    const added = this.added.get(key(target)) ?? [];
    const all = [...base.all, ...added];
    const replies = new Map<number, SandboxComment[]>();
    for (const c of all) {
      if (c.rootId === null) continue;
      let list = replies.get(c.rootId);
      if (!list) replies.set(c.rootId, (list = []));
      list.push(c);
    }
    const roots = all
      .filter((c) => c.rootId === null)
      .sort((a, b) => b.date - a.date || b.id - a.id);
    return { roots, replies, total: all.length };
  }

  /** One comment of a thread, or undefined. */
  find(target: CommentTarget, commentId: number): SandboxComment | undefined {
    const added = this.added.get(key(target))?.find((c) => c.id === commentId);
    return added ?? this.generated(target).all.find((c) => c.id === commentId);
  }

  /** Posts a comment (kept while the sandbox runs); undefined when the parent is not in the thread. */
  add(target: CommentTarget, input: NewComment): SandboxComment | undefined {
    let rootId: number | null = null;
    let replyTo: SandboxUser | null = null;
    if (input.parentId !== null) {
      const parent = this.find(target, input.parentId);
      if (!parent) return undefined;
      rootId = parent.rootId ?? parent.id;
      replyTo = parent.user;
    }
    const comment: SandboxComment = {
      id: this.nextId++,
      user: input.user,
      text: input.text,
      stampId: input.stampId,
      date: this.clock(),
      rootId,
      parentId: input.parentId,
      replyTo,
    };
    const k = key(target);
    let list = this.added.get(k);
    if (!list) this.added.set(k, (list = []));
    list.push(comment);
    this.addedOwner.set(comment.id, { kind: target.kind, index: target.index });
    return comment;
  }

  private generated(target: CommentTarget): { roots: SandboxComment[]; all: SandboxComment[] } {
    const k = key(target);
    const hit = this.cache.get(k);
    if (hit) return hit;
    const built = this.generate(target);
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(k, built);
    return built;
  }

  private generate(target: CommentTarget): { roots: SandboxComment[]; all: SandboxComment[] } {
    const r = Rng.of(this.seed, `comments:${key(target)}`);
    const n = Math.min(target.comments, PER_TARGET);
    const span = Math.max(60_000, this.now - 60_000 - target.created);
    // Comments come soon after posting and thin out over time.
    const offsets = Array.from({ length: n }, () => Math.pow(r.next(), 2.5) * span).sort(
      (a, b) => a - b,
    );
    const roots: SandboxComment[] = [];
    const all: SandboxComment[] = [];
    for (let k = 0; k < n; k++) {
      const date = Math.floor((target.created + 60_000 + offsets[k]!) / 1000) * 1000;
      const id = BASE[target.kind] + target.index * PER_TARGET + k;
      const reply = roots.length > 0 && r.chance(0.25);
      let parent: SandboxComment | null = null;
      if (reply) {
        const root = r.pick(roots.slice(-6));
        const thread = all.filter((c) => c.rootId === root.id);
        parent = thread.length > 0 && r.chance(0.3) ? r.pick(thread) : root;
      }
      const byAuthor = parent !== null && parent.user?.id !== target.user.id && r.chance(0.35);
      const user = byAuthor
        ? target.user
        : r.chance(0.015)
          ? null
          : this.users[r.int(0, this.users.length - 1)]!;
      const stamp = !byAuthor && r.chance(0.1) ? r.pick(STAMP_IDS) : null;
      let text = '';
      if (stamp === null) {
        text = r.pick(byAuthor ? AUTHOR_LINES : LINES);
        if (r.chance(0.3)) {
          const emoji = `(${r.pick(EMOJI_NAMES)})`;
          text = r.chance(0.3) ? emoji : `${text}${emoji}`;
        }
      }
      const comment: SandboxComment = {
        id,
        user,
        text,
        stampId: stamp,
        date,
        rootId: parent ? (parent.rootId ?? parent.id) : null,
        parentId: parent?.id ?? null,
        replyTo: parent?.user ?? null,
      };
      all.push(comment);
      if (!parent) roots.push(comment);
    }
    return { roots, all };
  }
}

function key(target: CommentTarget): string {
  return `${target.kind}:${target.id}`;
}
