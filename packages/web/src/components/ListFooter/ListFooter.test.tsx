import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initEnglishI18n } from '../../test-i18n.ts';
import { ListFooter, type ListFooterProps } from './ListFooter.tsx';

beforeAll(() => initEnglishI18n());
afterEach(cleanup);

const idle: ListFooterProps = { finished: false, loading: false, shown: 10, retry: () => {} };

/** The one state the footer shows: its test id and text, or null when it says nothing. */
function shown(props: ListFooterProps) {
  const { container } = render(<ListFooter {...props} />);
  const footer = container.firstElementChild!;
  expect(footer.getAttribute('aria-live')).toBe('polite');
  const state = footer.firstElementChild;
  const result = state ? [state.getAttribute('data-testid'), state.textContent] : null;
  cleanup();
  return result;
}

describe('ListFooter', () => {
  it('offers a retry after an error, before any other state', () => {
    const retry = vi.fn();
    render(<ListFooter {...idle} error={new Error('x')} retry={retry} finished loading />);
    fireEvent.click(screen.getByTestId('list-error'));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByTestId('list-error').textContent).toBe('Network error. Tap to retry.');
  });

  it('says no more after the last page, and nothing here when nothing is shown', () => {
    expect(shown({ ...idle, finished: true })).toEqual(['list-finished', 'No more']);
    expect(shown({ ...idle, finished: true, shown: 0 })).toEqual(['list-empty', 'Nothing here']);
  });

  it('says loading for a next page, and nothing over the first page placeholders unless asked', () => {
    expect(shown({ ...idle, loading: true })).toEqual(['list-loading', 'Loading…']);
    expect(shown(idle)).toEqual(['list-loading', 'Loading…']);
    expect(shown({ ...idle, loading: true, shown: 0 })).toBeNull();
    expect(shown({ ...idle, loading: true, shown: 0, quietFirstLoad: false })).toEqual([
      'list-loading',
      'Loading…',
    ]);
  });
});
