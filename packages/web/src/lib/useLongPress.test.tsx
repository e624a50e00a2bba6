import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { PointerEvent } from 'react';
import { useLongPress } from './useLongPress.ts';

const at = (x: number, y: number) => ({ clientX: x, clientY: y }) as PointerEvent;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useLongPress', () => {
  it('fires after 800 ms held, not before', () => {
    const fired = vi.fn();
    const { result } = renderHook(() => useLongPress(fired));
    act(() => result.current.onPointerDown(at(0, 0)));
    act(() => vi.advanceTimersByTime(799));
    expect(fired).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(fired).toHaveBeenCalledOnce();
  });

  it('is cancelled by a move of more than 10 px, kept by one of 10', () => {
    const fired = vi.fn();
    const { result } = renderHook(() => useLongPress(fired));
    act(() => result.current.onPointerDown(at(0, 0)));
    act(() => result.current.onPointerMove(at(6, 8)));
    act(() => vi.advanceTimersByTime(800));
    expect(fired).toHaveBeenCalledOnce();
    act(() => result.current.onPointerDown(at(0, 0)));
    act(() => result.current.onPointerMove(at(11, 0)));
    act(() => vi.advanceTimersByTime(800));
    expect(fired).toHaveBeenCalledOnce();
  });

  it('is cancelled by letting go, and swallows the click that ends a long press', () => {
    const fired = vi.fn();
    const clicked = vi.fn();
    const { result } = renderHook(() => useLongPress(fired));
    act(() => result.current.onPointerDown(at(0, 0)));
    act(() => result.current.onPointerUp());
    act(() => vi.advanceTimersByTime(800));
    expect(fired).not.toHaveBeenCalled();
    act(() => result.current.onPointerDown(at(0, 0)));
    act(() => vi.advanceTimersByTime(800));
    const prevent = vi.fn();
    result.current.wrapClick(clicked)({ preventDefault: prevent });
    expect(clicked).not.toHaveBeenCalled();
    expect(prevent).toHaveBeenCalled();
    result.current.wrapClick(clicked)({ preventDefault: prevent });
    expect(clicked).toHaveBeenCalledOnce();
  });
});
