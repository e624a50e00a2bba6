import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { normaliseNovel, type RawNovel, type RawWebviewNovel } from '@pv/core';
import { NovelCard } from './NovelCard.tsx';

import capture from '../../../../../fixtures/webview_v2_novel_embedded__CeuiLiSA_Pixiv-Shaft__novel.json';
import { initEnglishI18n } from '../../test-i18n.ts';

// A real capture (the repository's fixtures/): the webview object of novel 21688446, written out
// as the app API sends that novel.
const WEBVIEW = capture as unknown as RawWebviewNovel;

function rawNovel(over: Partial<RawNovel>): RawNovel {
  const cover = WEBVIEW.coverUrl;
  return {
    id: Number(WEBVIEW.id),
    title: WEBVIEW.title,
    caption: WEBVIEW.caption,
    restrict: 0,
    x_restrict: 0,
    is_original: WEBVIEW.isOriginal,
    image_urls: {
      square_medium: cover.replace('c/240x480_80', 'c/128x128'),
      medium: cover.replace('c/240x480_80', 'c/176x352'),
      large: cover,
    },
    create_date: '2024-03-01T18:06:14+09:00',
    tags: WEBVIEW.tags.map((name) => ({ name, translated_name: null })),
    page_count: 1,
    text_length: 12345,
    user: {
      id: Number(WEBVIEW.userId),
      name: 'pixiv事務局',
      account: 'pixiv',
      profile_image_urls: { medium: 'https://s.pximg.net/common/images/no_profile.png' },
    },
    series: {},
    is_bookmarked: false,
    total_bookmarks: WEBVIEW.rating.bookmark,
    total_view: WEBVIEW.rating.view,
    visible: true,
    total_comments: 0,
    is_muted: false,
    is_mypixiv_only: false,
    is_x_restricted: false,
    novel_ai_type: WEBVIEW.aiType,
    ...over,
  };
}

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
