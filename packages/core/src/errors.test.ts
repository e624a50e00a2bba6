import { describe, expect, it } from 'vitest';
import { extractUpstreamMessage, toUserMessageKey } from './errors.ts';
import { readFixture } from './test-fixtures.ts';

describe('error messages', () => {
  it("maps the literal 'Rate Limit' to tip.rate_limit and anything else to tip.unknown_err", () => {
    expect(toUserMessageKey('Rate Limit')).toBe('tip.rate_limit');
    expect(toUserMessageKey('rate limit exceeded')).toBe('tip.unknown_err');
    expect(toUserMessageKey(undefined)).toBe('tip.unknown_err');
  });

  it("maps pixiv's 'no such page' of a deleted work, in its languages, to tip.no_such_page", () => {
    expect(toUserMessageKey('該当作品は削除されたか、存在しない作品IDです。')).toBe(
      'tip.no_such_page',
    );
    expect(
      toUserMessageKey(' The artwork has been deleted or the artwork ID does not exist. '),
    ).toBe('tip.no_such_page');
    expect(toUserMessageKey('尚无此页')).toBe('tip.no_such_page');
    expect(toUserMessageKey('The artwork has been deleted')).toBe('tip.unknown_err');
  });

  it('reads error.message, then user_message, then error text', () => {
    const rate = { error: { user_message: '', message: 'Rate Limit', reason: '' } };
    expect(extractUpstreamMessage(rate)).toBe('Rate Limit');
    const missing = { error: { user_message: 'The artwork has been deleted', message: '' } };
    expect(extractUpstreamMessage(missing)).toBe('The artwork has been deleted');
    expect(extractUpstreamMessage({ error: 'invalid_grant' })).toBe('invalid_grant');
    expect(extractUpstreamMessage({ detail: 'Not Found' })).toBe('Not Found');
    expect(extractUpstreamMessage(null)).toBeUndefined();
  });

  it('reads the real web ajax error envelope', () => {
    const body = readFixture('ajax_error__Nandaka_PixivUtil2__ajax-error.json');
    expect(extractUpstreamMessage(body)).toBe('An unknown error occurred');
  });
});
