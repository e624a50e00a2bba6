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
  it('loads a first row’s pictures with the page, an eager row’s too, another’s once in view', () => {
    const loading = (props: { first?: boolean; eager?: boolean }) => {
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
    const first = loading({ first: true });
    expect(first.map(([l]) => l)).toEqual(Array(10).fill('eager'));
    expect(first.map(([, p]) => p)).toEqual([
      ...Array<string>(FIRST_ROW_PICTURES).fill('high'),
      ...Array<null>(10 - FIRST_ROW_PICTURES).fill(null),
    ]);
    // a row near the first screen: its ten within the browser's margin sideways, at any width
    expect(loading({ eager: true })).toEqual(Array(10).fill(['eager', null]));
    expect(loading({})).toEqual(Array(10).fill(['lazy', null]));
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
