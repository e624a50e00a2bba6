/**
 * The state a home card row shows for its query (spec 000 §4 Lists, §8): the skeleton while the
 * first answer is pending, and on failure a toast with the call's message ('Rate Limit' →
 * tip.rate_limit, anything else tip.unknown_err) once per failure, and the row's 'net_err' with
 * a retry that asks again.
 */
import { useEffect } from 'react';
import type { UserMessageKey } from '@pv/core';
import { ApiError } from '../api/errors.ts';
import { showToast } from '../ui/toast.ts';

export interface RowQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
  refetch: () => Promise<unknown>;
}

export interface RowState {
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

/** The i18n key of a failed call: the API's own message, else the unknown-error text. */
export function rowErrorMessage(error: unknown): UserMessageKey | null {
  if (!error) return null;
  return error instanceof ApiError ? error.msg : 'tip.unknown_err';
}

export function useRowState(query: RowQuery): RowState {
  const message = rowErrorMessage(query.error);
  const { errorUpdatedAt, refetch } = query;
  useEffect(() => {
    if (message) showToast(message, { error: true });
  }, [message, errorUpdatedAt]);
  return {
    loading: query.isPending,
    error: query.isError,
    onRetry: () => void refetch(),
  };
}
