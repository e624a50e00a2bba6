import { describe, expect, it } from 'vitest';
import {
  COMMENT_EMOJI,
  commentPage,
  commentParts,
  filterComments,
  normaliseWebComment,
} from './comment.ts';

describe('comments', () => {
  it('has the 37 emoji of spec 001 §3', () => {
    expect(Object.keys(COMMENT_EMOJI)).toHaveLength(37);
  });

  it('loads 3 (or 10) first, then 30 at a time', () => {
    expect(commentPage(1, 3)).toEqual({ offset: 0, limit: 3 });
    expect(commentPage(2, 3)).toEqual({ offset: 3, limit: 30 });
    expect(commentPage(3, 3)).toEqual({ offset: 33, limit: 30 });
    expect(commentPage(1, 10)).toEqual({ offset: 0, limit: 10 });
    expect(commentPage(2, 10)).toEqual({ offset: 10, limit: 30 });
  });

  it('cuts text into text and emoji pictures, leaving unknown words', () => {
    expect(commentParts('hi(happy)!(nope)(heart)')).toEqual([
      { text: 'hi' },
      { emoji: 'happy', src: 'https://s.pximg.net/common/images/emoji/105.png' },
      { text: '!(nope)' },
      { emoji: 'heart', src: 'https://s.pximg.net/common/images/emoji/501.png' },
    ]);
    expect(commentParts('plain')).toEqual([{ text: 'plain' }]);
  });

  it('normalises string ids and stamps', () => {
    const c = normaliseWebComment({
      id: '12',
      userId: '34',
      userName: 'a',
      img: 'x',
      comment: '',
      commentDate: '2026-01-01 10:00',
      stampId: '301',
      hasReplies: true,
    });
    expect([c.id, c.userId, c.stampId, c.hasReplies, c.replyToUserId]).toEqual([
      12,
      34,
      301,
      true,
      null,
    ]);
  });

  it('drops blocked users and comments holding a blocked word', () => {
    const cs = [
      { userId: 1, userName: 'a', comment: 'nice' },
      { userId: 2, userName: 'b', comment: 'Buy SPAM now' },
      { userId: 3, userName: 'c', comment: 'ok' },
    ];
    expect(filterComments(cs, { authorIds: [3], tags: ['spam'] }).map((c) => c.userId)).toEqual([
      1,
    ]);
  });
});
