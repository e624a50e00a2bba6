import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { normaliseNovel, type RawNovel } from '@pv/core';
import { NovelCard } from './NovelCard.tsx';
import { initEnglishI18n } from '../../test-i18n.ts';
import { WEBVIEW, rawNovel } from '../../test-novels.ts';

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderCard(over: Partial<RawNovel> = {}) {
  const novel = normaliseNovel(rawNovel(over));
  render(
    <MemoryRouter>
      <Routes>
        <Route path="*" element={<NovelCard novel={novel} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return novel;
}

beforeAll(async () => {
  await initEnglishI18n();
});
afterEach(cleanup);

describe('NovelCard', () => {
  it('shows cover, title, author, text length, bookmarks and tags with their links', () => {
    const n = renderCard();
    expect(screen.getByTestId('novel-card-title').textContent).toBe(n.title);
    expect(screen.getByTestId('novel-card-title').getAttribute('href')).toBe('/novel/21688446');
    expect(screen.getByTestId('novel-card-author').getAttribute('href')).toBe('/users/11');
    expect(screen.getByTestId('novel-card-cover').getAttribute('src')).toMatch(
      /^\/i\/c\/176x352\/novel-cover-master\//,
    );
    expect(screen.getByTestId('novel-card-length').textContent).toBe('12,345 characters');
    expect(screen.getByTestId('novel-card-likes').textContent).toContain('111');
    expect(screen.getAllByTestId('novel-tag').map((a) => a.getAttribute('href'))).toEqual(
      WEBVIEW.tags.map((t) => `/search_novel/${encodeURIComponent(t)}`),
    );
    expect(screen.queryByTestId('novel-card-series')).toBeNull();
    expect(screen.queryByTestId('badge-r18')).toBeNull();
    expect(screen.queryByTestId('badge-ai')).toBeNull();
  });

  it('marks R-18, R-18G and AI novels', () => {
    renderCard({ x_restrict: 1, novel_ai_type: 2 });
    expect(screen.getByTestId('badge-r18').textContent).toBe('R-18');
    expect(screen.getByTestId('badge-ai').textContent).toBe('AI');
    cleanup();
    renderCard({ x_restrict: 2 });
    expect(screen.getByTestId('badge-r18g').textContent).toBe('R-18G');
    expect(screen.queryByTestId('badge-r18')).toBeNull();
  });

  it('links its series', () => {
    renderCard({ series: { id: 77, title: 'The series' } });
    const series = screen.getByTestId('novel-card-series');
    expect(series.getAttribute('href')).toBe('/novel/series/77');
    expect(series.textContent).toBe('Series: The series');
  });

  it('opens the novel on a click anywhere on the card', () => {
    renderCard();
    fireEvent.click(screen.getByTestId('novel-card-length'));
    expect(screen.getByTestId('where').textContent).toBe('/novel/21688446');
  });
});
