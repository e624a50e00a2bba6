import { describe, expect, it } from 'vitest';
import type { Comment } from '@pv/core';
import { withPosted } from './comments.ts';

const comment = (id: number): Comment => ({
  id,
  userId: 1,
  userName: 'a',
  img: '',
  comment: `c${id}`,
  commentDate: '2026-11-26 03:32',
  stampId: null,
  replyToUserId: null,
  replyToUserName: null,
  hasReplies: false,
});

describe('posted comments beside fetched ones', () => {
  it('shows a posted comment once when a later fetch lists it too', () => {
    const posted = [comment(3), comment(2)];
    const fetched = [comment(2), comment(1)];
    expect(withPosted(posted, fetched, 'posted-first').map((c) => c.id)).toEqual([3, 2, 1]);
  });

  it('puts posted replies after the thread, oldest first', () => {
    const posted = [comment(5), comment(4)];
    const fetched = [comment(1), comment(2)];
    expect(withPosted(posted, fetched, 'posted-last').map((c) => c.id)).toEqual([1, 2, 4, 5]);
    expect(posted.map((c) => c.id)).toEqual([5, 4]);
  });
});
