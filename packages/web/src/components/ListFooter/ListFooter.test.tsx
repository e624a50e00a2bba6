import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { initEnglishI18n } from '../../test-i18n.ts';
import { ListFooter, type ListFooterProps, type ListState } from './ListFooter.tsx';

beforeAll(() => initEnglishI18n());
afterEach(cleanup);

const ten = Array.from({ length: 10 }, (_, i) => i);
const idle: ListState = { items: ten, loading: false, finished: false, error: null, retry() {} };

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
    render(
      <ListFooter list={{ ...idle, error: 'net_err', retry, finished: true, loading: true }} />,
    );
    expect(screen.getByTestId('list-error').textContent).toBe('Network error. Tap to retry.');
    fireEvent.click(screen.getByTestId('list-error'));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says no more after the last page, and nothing here when nothing is shown', () => {
    const done = { ...idle, finished: true };
    expect(shown({ list: done })).toEqual(['list-finished', 'No more']);
    expect(shown({ list: { ...done, items: [] } })).toEqual(['list-empty', 'Nothing here']);
    // the content filters hid every item loaded
    expect(shown({ list: done, shown: 0 })).toEqual(['list-empty', 'Nothing here']);
  });

  it('says loading for a next page, and nothing over the first page placeholders unless asked', () => {
    expect(shown({ list: { ...idle, loading: true } })).toEqual(['list-loading', 'Loading…']);
    expect(shown({ list: idle })).toEqual(['list-loading', 'Loading…']);
    const first = { ...idle, items: [], loading: true };
    expect(shown({ list: first })).toBeNull();
    expect(shown({ list: first, quietFirstLoad: false })).toEqual(['list-loading', 'Loading…']);
  });
});

describe('an empty list says why and what to do', () => {
  const empty = { ...idle, items: [], finished: true };

  it('shows the list’s own title, hint and action link instead of "Nothing here"', () => {
    render(
      <MemoryRouter>
        <ListFooter
          list={empty}
          empty={{
            title: 'No public bookmarks',
            hint: 'Private ones are not listed here.',
            action: { to: '/rank/daily', label: 'Rankings' },
          }}
        />
      </MemoryRouter>,
    );
    const box = screen.getByTestId('list-empty');
    expect(box.querySelector('p')?.textContent).toBe('No public bookmarks');
    expect(box.textContent).toContain('Private ones are not listed here.');
    const link = screen.getByRole('link', { name: 'Rankings' });
    expect(link.getAttribute('href')).toBe('/rank/daily');
  });

  it('shows the title alone when the list has no hint or action', () => {
    render(<ListFooter list={empty} empty={{ title: 'No works found for “x”' }} />);
    expect(screen.getByTestId('list-empty').textContent).toBe('No works found for “x”');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('keeps "No more" under a list that shows items, whatever its empty message', () => {
    render(<ListFooter list={{ ...idle, finished: true }} empty={{ title: 'unused' }} />);
    expect(screen.getByTestId('list-finished').textContent).toBe('No more');
  });
});
