import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { TOAST_MS } from '@pv/core';
import { clearToasts, showToast, useToasts } from './toast.ts';

describe('toasts (spec 000 §8)', () => {
  beforeEach(() => {
    clearToasts();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shows a message for 2500 ms, once while it is up', () => {
    expect(TOAST_MS).toBe(2500);
    const { result, unmount } = renderHook(() => useToasts());
    act(() => {
      showToast('a.first');
      showToast('a.first');
    });
    expect(result.current.map((t) => t.key)).toEqual(['a.first']);
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(result.current).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);
    unmount();
  });

  it('counts a toast raised before any toaster is on screen from when one appears', () => {
    showToast('b.startup', { error: true });
    vi.advanceTimersByTime(TOAST_MS * 3);
    const { result, unmount } = renderHook(() => useToasts());
    expect(result.current).toEqual([{ id: expect.any(Number), key: 'b.startup', error: true }]);
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(result.current).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);
    unmount();
  });
});
