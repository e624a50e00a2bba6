/**
 * What sandbox accounts do while the sandbox runs: bookmarks (with a growing bookmark id, public
 * or private), follows and the AI display setting. They show in is_bookmarked / is_followed, in
 * the follow feed and in the searches.
 */

export type Restrict = 'public' | 'private';

export interface Bookmark {
  id: number;
  restrict: Restrict;
  tags: string[];
}

export class AccountSocial {
  readonly bookmarks = new Map<number, Bookmark>();
  readonly follows = new Map<number, Restrict>();
  /** Novel bookmarks, by novel id (novel and illust ids are separate spaces). */
  readonly novelBookmarks = new Map<number, Bookmark>();
  /** pixiv's "show AI-generated works" setting; every account starts with it on. */
  showAi = true;
}

export class Social {
  private readonly accounts = new Map<number, AccountSocial>();
  private nextBookmarkId = 1_000_000;

  of(userId: number): AccountSocial {
    let social = this.accounts.get(userId);
    if (!social) this.accounts.set(userId, (social = new AccountSocial()));
    return social;
  }

  bookmark(userId: number, workId: number, restrict: Restrict, tags: string[] = []): void {
    const social = this.of(userId);
    const existing = social.bookmarks.get(workId);
    social.bookmarks.set(workId, { id: existing?.id ?? this.nextBookmarkId++, restrict, tags });
  }

  unbookmark(userId: number, workId: number): void {
    this.of(userId).bookmarks.delete(workId);
  }

  bookmarkNovel(userId: number, novelId: number, restrict: Restrict, tags: string[] = []): void {
    const social = this.of(userId);
    const existing = social.novelBookmarks.get(novelId);
    social.novelBookmarks.set(novelId, {
      id: existing?.id ?? this.nextBookmarkId++,
      restrict,
      tags,
    });
  }

  unbookmarkNovel(userId: number, novelId: number): void {
    this.of(userId).novelBookmarks.delete(novelId);
  }

  follow(userId: number, targetId: number, restrict: Restrict): void {
    this.of(userId).follows.set(targetId, restrict);
  }

  unfollow(userId: number, targetId: number): void {
    this.of(userId).follows.delete(targetId);
  }
}
