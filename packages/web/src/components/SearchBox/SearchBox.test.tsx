import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ApiProvider } from '../../state/api/ApiContext.tsx';
import { createApiClient } from '../../state/api/client.ts';
import { SearchBox } from './SearchBox.tsx';
import { initEnglishI18n } from '../../test-i18n.ts';

beforeAll(async () => {
  await initEnglishI18n();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function setup(selfHosted: boolean) {
  const calls: string[] = [];
  const api = createApiClient({
    fetch: (async (url: string) => {
      calls.push(url);
      return new Response(
        JSON.stringify({
          tags: [
            { name: 'cat', translated_name: '猫' },
            { name: 'castle', translated_name: null },
          ],
        }),
      );
    }) as unknown as typeof fetch,
  });
  const client = new QueryClient();
  client.setQueryData(['server-config'], { upstream: 'sandbox', imageProxy: null, selfHosted });
  const router = createMemoryRouter(
    [
      { path: '/search', element: <SearchBox target="illust" /> },
      { path: '/search/:keyword', element: <p>results</p> },
      { path: '/artworks/:id', element: <p>artwork</p> },
    ],
    { initialEntries: ['/search'] },
  );
  render(
    <QueryClientProvider client={client}>
      <ApiProvider client={api}>
        <RouterProvider router={router} />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { calls, router, input: screen.getByTestId('search-input') as HTMLInputElement };
}

describe('SearchBox', () => {
  it('asks for suggestions once, 500 ms after typing stops, outside self-hosted mode', async () => {
    const { calls, router, input } = setup(false);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'c' } });
    fireEvent.change(input, { target: { value: 'ca' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('search-suggestions')).toBeTruthy(), {
      timeout: 2000,
    });
    // the spec's name for the call (000 §7), not the mirror's other name for it
    expect(calls).toEqual(['/api/pixiv/search_autocomplete?word=ca']);
    fireEvent.click(screen.getByText('castle'));
    expect(router.state.location.pathname).toBe('/search/castle');
  });

  it('shows history while no word is typed, newest first, 20 at most, in either mode', async () => {
    for (const selfHosted of [true, false]) {
      const stored = Array.from({ length: 22 }, (_, i) => `word ${i}`);
      localStorage.setItem('pv.searchHistory', JSON.stringify(stored));
      const { calls, input } = setup(selfHosted);
      fireEvent.focus(input);
      const entries = await screen.findAllByTestId('search-history-entry');
      expect(entries.map((e) => e.textContent)).toEqual(stored.slice(0, 20));
      expect(screen.queryByTestId('search-suggestions')).toBeNull();
      await new Promise((r) => setTimeout(r, 600));
      expect(calls).toHaveLength(0);
      cleanup();
      localStorage.clear();
    }
  });

  it('self-hosted mode: typing a word hides the history and never asks for suggestions', async () => {
    localStorage.setItem('pv.searchHistory', JSON.stringify(['blue sky', 'cat']));
    const { calls, input } = setup(true);
    fireEvent.focus(input);
    expect(await screen.findAllByTestId('search-history-entry')).toHaveLength(2);
    fireEvent.change(input, { target: { value: 'ca' } });
    expect(screen.queryByTestId('search-history')).toBeNull();
    await new Promise((r) => setTimeout(r, 700));
    expect(calls).toHaveLength(0);
    expect(screen.queryByTestId('search-suggestions')).toBeNull();
    // the word removed, the history is back
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getAllByTestId('search-history-entry')).toHaveLength(2);
  });

  it('outside self-hosted mode typing swaps the history for suggestions', async () => {
    localStorage.setItem('pv.searchHistory', JSON.stringify(['blue sky']));
    const { input } = setup(false);
    fireEvent.focus(input);
    expect(screen.getAllByTestId('search-history-entry')).toHaveLength(1);
    fireEvent.change(input, { target: { value: 'ca' } });
    expect(screen.queryByTestId('search-history')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('search-suggestion')).toHaveLength(2), {
      timeout: 2000,
    });
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.queryByTestId('search-suggestions')).toBeNull();
    expect(screen.getAllByTestId('search-history-entry')).toHaveLength(1);
  });

  it('turns words into removable chips and keeps the query within 50 characters', () => {
    const { input, router } = setup(true);
    fireEvent.change(input, { target: { value: 'cat dog ' } });
    expect(screen.getAllByTestId('search-word').map((w) => w.firstChild?.textContent)).toEqual([
      'cat',
      'dog',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove cat' }));
    expect(screen.getAllByTestId('search-word')).toHaveLength(1);
    // 'dog' plus a space leaves 46 characters for the pending word
    expect(input.maxLength).toBe(46);
    fireEvent.change(input, { target: { value: 'bird' } });
    fireEvent.submit(screen.getByTestId('search-box'));
    expect(router.state.location.pathname).toBe(`/search/${encodeURIComponent('dog bird')}`);
    expect(JSON.parse(localStorage.getItem('pv.searchHistory')!)).toEqual(['dog bird']);
  });

  it('offers numeric words as shortcuts and opens pasted artwork links', () => {
    const { input, router } = setup(true);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12345' } });
    expect(screen.getByRole('link', { name: 'Artwork #12345' }).getAttribute('href')).toBe(
      '/artworks/12345',
    );
    expect(screen.getByRole('link', { name: 'User #12345' }).getAttribute('href')).toBe(
      '/users/12345',
    );
    expect(screen.getByRole('link', { name: 'Novel #12345' }).getAttribute('href')).toBe(
      '/novel/12345',
    );
    fireEvent.change(input, { target: { value: 'https://www.pixiv.net/artworks/777' } });
    fireEvent.submit(screen.getByTestId('search-box'));
    expect(router.state.location.pathname).toBe('/artworks/777');
  });
});
