import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { normaliseIllust, type RawIllust } from '@pv/core';
import { setAppSetting } from '../../state/settings/settings.ts';
import { ArtworkCard, cardAspect } from './ArtworkCard.tsx';

import detail from '../../../../../fixtures/v1_illust_detail__upbit_pixivpy__illust_detail.json';
import { initEnglishI18n } from '../../test-i18n.ts';

// A real capture (the repository's fixtures/), not hand-written JSON.
const fixture = detail as unknown as { illust: RawIllust };

beforeAll(async () => {
  await initEnglishI18n();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderCard(patch: Partial<RawIllust>) {
  const artwork = normaliseIllust({ ...fixture.illust, ...patch });
  render(
    <MemoryRouter>
      <ArtworkCard artwork={artwork} />
    </MemoryRouter>,
  );
  return artwork;
}

describe('ArtworkCard', () => {
  it('shows title, author and the proxied image, linking to the artwork and the user', () => {
    const a = renderCard({});
    expect(screen.getByTestId('artwork-card-title').textContent).toBe(a.title);
    expect(screen.getByTestId('artwork-card-title').getAttribute('href')).toBe(`/artworks/${a.id}`);
    expect(screen.getByTestId('artwork-card-author').getAttribute('href')).toBe(
      `/users/${a.author.id}`,
    );
    expect(screen.getByRole('img').getAttribute('src')).toMatch(/^\/i\/c\//);
  });

  it('links no author for a work pixiv withholds (its user is id 0 with no name)', () => {
    const user = { ...fixture.illust.user, id: 0, name: '', account: '' };
    renderCard({ user });
    expect(screen.queryByTestId('artwork-card-author')).toBeNull();
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).not.toContain(
      '/users/0',
    );
  });

  it('tags R-18, R-18G and AI works and shows the page count', () => {
    renderCard({ x_restrict: 1, illust_ai_type: 2, page_count: 3, meta_pages: [] });
    expect(screen.getByText('R-18')).toBeTruthy();
    expect(screen.getByText('AI')).toBeTruthy();
    expect(screen.getByTestId('artwork-card-count').textContent).toBe('3');
    cleanup();
    renderCard({ x_restrict: 2, illust_ai_type: 1, page_count: 1 });
    expect(screen.getByText('R-18G')).toBeTruthy();
    expect(screen.queryByText('AI')).toBeNull();
    expect(screen.queryByTestId('artwork-card-count')).toBeNull();
  });

  it('clamps the image aspect between 50 % and 160 %', () => {
    expect(cardAspect({ width: 100, height: 400 })).toBe(1.6);
    expect(cardAspect({ width: 400, height: 100 })).toBe(0.5);
    expect(cardAspect({ width: 100, height: 120 })).toBe(1.2);
  });

  it('honours rounded corners, the meta position and the image resolution settings', () => {
    const a = renderCard({});
    const card = screen.getByTestId('artwork-card');
    expect(card.className).not.toMatch(/square|innerMeta/);
    expect(card.dataset.outerMeta).toBe('true');
    expect(screen.getByRole('img').getAttribute('src')).toContain(new URL(a.images[0]!.m).pathname);
    cleanup();
    setAppSetting('isImageCardBorderRadius', false);
    setAppSetting('isImageCardOuterMeta', false);
    setAppSetting('imgReso', 'Large');
    const b = renderCard({});
    const square = screen.getByTestId('artwork-card');
    expect(square.className).toMatch(/square/);
    expect(square.className).toMatch(/innerMeta/);
    expect(square.dataset.outerMeta).toBe('false');
    expect(screen.getByRole('img').getAttribute('src')).toContain(new URL(b.images[0]!.l).pathname);
  });
});
