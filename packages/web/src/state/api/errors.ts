import type { UserMessageKey } from '@pv/core';

/** A failed call inside TanStack Query: carries the i18n key to show. */
export class ApiError extends Error {
  constructor(readonly msg: UserMessageKey) {
    super(msg);
    this.name = 'ApiError';
  }
}

export function unwrap<T>(result: { status: 0; data: T } | { status: -1; msg: UserMessageKey }): T {
  if (result.status === -1) throw new ApiError(result.msg);
  return result.data;
}
