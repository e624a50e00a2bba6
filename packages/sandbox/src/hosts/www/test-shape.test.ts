/**
 * Negative controls for the www tests' shape check: a real capture matches itself, and each
 * kind of damage to it (a key removed, a value retyped or nulled, a list emptied, a documented
 * null given a type the reference does not allow) is reported.
 */
import { describe, expect, it } from 'vitest';
import { readWebFixture, shapeDifferences } from './test-shape.ts';

interface Bookmarks {
  body: { works: Record<string, unknown>[]; total: number };
}
const CAPTURE = 'ajax_user_illusts_bookmarks__Nandaka_PixivUtil2__bookmarks-1039353.json';
const capture = () => readWebFixture<Bookmarks>(CAPTURE);

/** The capture with every work changed by `edit`. */
function damaged(edit: (work: Record<string, unknown>) => void): Bookmarks {
  const copy = capture();
  for (const work of copy.body.works) edit(work);
  return copy;
}

describe('the www shape check', () => {
  it('finds nothing to report between a capture and itself', () => {
    expect(capture().body.works.length).toBeGreaterThan(0);
    expect(shapeDifferences(capture(), capture())).toEqual([]);
  });

  it('reports a missing key and a retyped value', () => {
    expect(
      shapeDifferences(
        capture(),
        damaged((w) => delete w.userName),
      ),
    ).toEqual(['$.body.works[].userName missing']);
    expect(
      shapeDifferences(
        capture(),
        damaged((w) => (w.pageCount = String(w.pageCount))),
      ),
    ).toEqual(['$.body.works[].pageCount: number expected, got string']);
    const total = { ...capture(), body: { ...capture().body, total: '23' } };
    expect(shapeDifferences(capture(), total)).toEqual([
      '$.body.total: number expected, got string',
    ]);
  });

  it('reports null where the capture has a type, and an empty list where it has items', () => {
    expect(
      shapeDifferences(
        capture(),
        damaged((w) => (w.title = null)),
      ),
    ).toEqual(['$.body.works[].title: string expected, got null']);
    const empty = { ...capture(), body: { ...capture().body, works: [] } };
    expect(shapeDifferences(capture(), empty)).toEqual(['$.body.works[] missing']);
  });

  it('lets a documented null hold its documented type only', () => {
    // bookmarkData is null|{id, private} (pixiv-upstream.md §3): an object passes, a string not.
    const bookmarked = damaged((w) => (w.bookmarkData = { id: '1', private: false }));
    expect(shapeDifferences(capture(), bookmarked)).toEqual([]);
    expect(
      shapeDifferences(
        capture(),
        damaged((w) => (w.bookmarkData = '1')),
      ),
    ).toEqual(['$.body.works[].bookmarkData: null|object expected, got string']);
  });
});
