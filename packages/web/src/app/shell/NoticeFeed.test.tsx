import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { initEnglishI18n } from '../../test-i18n.ts';
import { STORAGE_KEYS } from '../../state/settings/storage-keys.ts';
import { parseNotices, pickNotice, type Notice } from '../../state/queries/notices.ts';
import { NoticeFeed } from './NoticeFeed.tsx';

const NOW = Date.parse('2026-11-27T12:00:00+09:00');
const notice = (id: string, over: Partial<Notice> = {}): Notice => ({
  id,
  start: '2026-11-26T00:00:00+09:00',
  end: '2026-12-10T00:00:00+09:00',
  title: `title ${id}`,
  text: `text ${id}`,
  alert: false,
  style: 'info',
  ...over,
});
const none = new Set<string>();

describe('pickNotice (spec 000 §4 notice feed)', () => {
  it('shows the first notice whose range covers now, not one over or still to come', () => {
    const list = [
      notice('over', { end: '2026-11-27T11:00:00+09:00' }),
      notice('later', { start: '2026-11-28T00:00:00+09:00' }),
      notice('first'),
      notice('second'),
    ];
    expect(pickNotice(list, NOW, none, none)?.id).toBe('first');
    expect(pickNotice([], NOW, none, none)).toBeNull();
  });

  it('shows nothing when the first one is a read alert or a closed banner (the next stays hidden)', () => {
    const alert = [notice('a', { alert: true }), notice('b')];
    expect(pickNotice(alert, NOW, new Set(['a']), none)).toBeNull();
    expect(pickNotice(alert, NOW, none, new Set(['a']))?.id).toBe('a');
    const banner = [notice('c'), notice('d', { alert: true })];
    expect(pickNotice(banner, NOW, none, new Set(['c']))).toBeNull();
    expect(pickNotice(banner, NOW, new Set(['c']), none)?.id).toBe('c');
  });

  it('keeps only well-formed notices and unknown styles as info', () => {
    const parsed = parseNotices({
      notices: [
        { id: 7, start: 'a', end: 'b', title: 't', text: 'x', alert: true, style: 'warning' },
        { id: 'n', start: 'a', end: 'b', title: 't', text: 'x', style: 'neon' },
        { id: 'broken', start: 'a', title: 't', text: 'x' },
        null,
      ],
    });
    expect(parsed.map((n) => [n.id, n.alert, n.style])).toEqual([
      ['7', true, 'warning'],
      ['n', false, 'info'],
    ]);
    expect(parseNotices('nope')).toEqual([]);
  });
});

describe('NoticeFeed', () => {
  beforeAll(async () => {
    await initEnglishI18n();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  function show(notices: Notice[]) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ notices, effects: [] }))),
    );
    const router = createMemoryRouter([{ path: '/', element: <NoticeFeed /> }]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('shows a banner with sanitised text until closed, and not again on any visit', async () => {
    show([
      notice('m', {
        title: 'API ミラーを更新しました',
        text: '速くなりました。<br>問題は<a href="https://github.com/">こちら</a><img src=x onerror="alert(1)"><script>alert(2)</script>',
      }),
    ]);
    // (the view is a lazy chunk: its first load may take a while on a busy machine)
    const banner = await screen.findByTestId('notice-banner', {}, { timeout: 10_000 });
    expect(banner.getAttribute('aria-label')).toBe('Notice');
    expect(banner.textContent).toContain('API ミラーを更新しました');
    const link = screen.getByRole('link', { name: 'こちら' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const text = screen.getByTestId('notice-text');
    expect(text.querySelector('img, script, [onerror]')).toBeNull();
    expect(text.querySelector('br')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close the notice' }));
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    // kept with the app's other state, not for this tab's visit only (issue 35 item 16)
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.noticesClosed)!)).toEqual(['m']);
    expect(localStorage.getItem(STORAGE_KEYS.noticesRead)).toBeNull();
  });

  it('shows the notice in the interface language where the feed has it, else as it is', async () => {
    const words = {
      lang: 'ja',
      title: 'API ミラーを更新しました',
      text: '速くなりました。',
      i18n: { en: { title: 'The API mirror was updated', text: 'Faster now.' } },
    };
    show([notice('m', words)]);
    const banner = await screen.findByTestId('notice-banner');
    expect(banner.textContent).toContain('The API mirror was updated');
    expect(banner.textContent).not.toContain('ミラー');
    expect(banner.querySelector('[lang="en"]')?.textContent).toContain('Faster now.');
    cleanup();
    show([notice('m', { ...words, i18n: { de: { title: 'Aktualisiert', text: 'Schneller.' } } })]);
    const fallback = await screen.findByTestId('notice-banner');
    expect(fallback.querySelector('[lang="ja"]')?.textContent).toContain(
      'API ミラーを更新しました',
    );
  });

  it('shows an alert as a dialog once: read, it stays read', async () => {
    show([notice('r', { alert: true, title: 'アクセス集中のお知らせ', text: 'しばらく待って' })]);
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('アクセス集中のお知らせ');
    expect(dialog.textContent).toContain('しばらく待って');
    fireEvent.click(screen.getByRole('button', { name: 'OK', hidden: true }));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.noticesRead)!)).toEqual(['r']);
  });
});
