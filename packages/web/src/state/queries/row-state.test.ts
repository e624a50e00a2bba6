import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { rowErrorMessage } from './row-state.ts';

describe('rowErrorMessage (spec 000 §8)', () => {
  it("keeps the call's own message key: the rate-limit text for 'Rate Limit'", () => {
    expect(rowErrorMessage(new ApiError('tip.rate_limit'))).toBe('tip.rate_limit');
  });

  it('says the unknown-error text for any other failure, and nothing without one', () => {
    expect(rowErrorMessage(new TypeError('Failed to fetch'))).toBe('tip.unknown_err');
    expect(rowErrorMessage(null)).toBeNull();
    expect(rowErrorMessage(undefined)).toBeNull();
  });
});
