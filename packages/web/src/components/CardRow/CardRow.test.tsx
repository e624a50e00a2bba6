import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { normaliseIllust, type RawIllust } from '@pv/core';
import { galleryList, galleryOf } from '../../state/ui/gallery-list.ts';
import { CardRow } from './CardRow.tsx';

import detail from '../../../../../fixtures/v1_illust_detail__upbit_pixivpy__illust_detail.json';
import { initEnglishI18n } from '../../test-i18n.ts';

const fixture = detail as unknown as { illust: RawIllust };
const works = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22].map((id) =>
  normaliseIllust({ ...fixture.illust, id }),
);

beforeAll(async () => {
  await initEnglishI18n();
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

/** The artwork route, showing the gallery its location state names. */
function Opened() {
  const key = galleryOf(useLocation().state);
  return <p data-testid="opened">{key ? galleryList(key).join(',') : 'none'}</p>;
}

describe('CardRow', () => {
  it('opens a work with the row as its list: the artwork page knows its neighbours', () => {
    render(
      <MemoryRouter>
        <Routes>
          <Route
            path="/"
            element={
              <CardRow
                title="Row"
                to="/more"
                items={works}
                loading={false}
                error={false}
                testId="r"
              />
            }
          />
          <Route path="/artworks/:id" element={<Opened />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getAllByTestId('row-item')[2]!);
    // the ten shown, not the works behind the 'more' slide
    expect(screen.getByTestId('opened').textContent).toBe('11,12,13,14,15,16,17,18,19,20');
  });

  it('says why an answered row is empty and leads to the content filters (issue 36 item 12)', () => {
    render(
      <MemoryRouter>
        <CardRow title="Row" to="/more" items={[]} loading={false} error={false} testId="row" />
      </MemoryRouter>,
    );
    const empty = screen.getByTestId('row-empty');
    expect(empty.querySelector('p')!.textContent).toBe('No works to show here right now');
    const action = screen.getByRole('link', { name: 'Check your content filters' });
    expect(action.getAttribute('href')).toBe('/setting/contents_display');
    expect(empty.textContent).not.toContain('Nothing here');
  });
});
