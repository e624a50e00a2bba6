import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { normaliseIllust, type RawIllust } from '@pv/core';
import { galleryList, galleryOf } from '../../state/ui/gallery-list.ts';
import { CardRow, FIRST_ROW_PICTURES } from './CardRow.tsx';

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
  it('loads the pictures a window shows of a first or eager row with the page, the rest once near', () => {
    const loading = (props: { first?: boolean; eager?: boolean }, width: number) => {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
      render(
        <MemoryRouter>
          <CardRow
            title="Row"
            items={works}
            loading={false}
            error={false}
            testId="row"
            {...props}
          />
        </MemoryRouter>,
      );
      const imgs = screen.getAllByTestId('row-item').map((item) => item.querySelector('img')!);
      const shown = imgs.map((img) => [
        img.getAttribute('loading'),
        img.getAttribute('fetchpriority'),
      ]);
      cleanup();
      return shown;
    };
    const width = window.innerWidth;
    try {
      // a 390 px phone shows three of a row's 148 px items, a 1440 px window all ten
      const first = loading({ first: true }, 390);
      expect(first.map(([l]) => l)).toEqual([
        ...Array<string>(3).fill('eager'),
        ...Array<string>(7).fill('lazy'),
      ]);
      expect(first.map(([, p]) => p)).toEqual([
        ...Array<string>(FIRST_ROW_PICTURES).fill('high'),
        ...Array<null>(10 - FIRST_ROW_PICTURES).fill(null),
      ]);
      expect(loading({ first: true }, 1440).map(([l]) => l)).toEqual(Array(10).fill('eager'));
      expect(loading({ eager: true }, 390)).toEqual([
        ...Array(3).fill(['eager', null]),
        ...Array(7).fill(['lazy', null]),
      ]);
      expect(loading({ eager: true }, 1440)).toEqual(Array(10).fill(['eager', null]));
      expect(loading({}, 1440)).toEqual(Array(10).fill(['lazy', null]));
    } finally {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    }
  });

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
