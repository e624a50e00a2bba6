import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation, useParams } from 'react-router';
import { saveGalleryList } from '../../state/ui/gallery-list.ts';
import { useListNavigation } from './useListNavigation.ts';

function Page({ enabled }: { enabled: boolean }) {
  const id = Number(useParams().id);
  const { swipe } = useListNavigation(id, enabled);
  const location = useLocation();
  return (
    <div data-testid="page" {...swipe}>
      <span data-testid="at">{location.pathname}</span>
      <input data-testid="field" />
    </div>
  );
}

function setup(state: unknown, enabled = true) {
  const router = createMemoryRouter(
    [{ path: '/artworks/:id', element: <Page enabled={enabled} /> }],
    { initialEntries: [{ pathname: '/artworks/20', state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const at = () => screen.getByTestId('at').textContent;
const key = (k: string, target: Element | Window = window) =>
  act(() => {
    fireEvent.keyDown(target, { key: k });
  });
const swipe = (dx: number, dy = 0) => {
  const el = screen.getByTestId('page');
  act(() => {
    fireEvent.touchStart(el, { touches: [{ clientX: 200, clientY: 300 }] });
    fireEvent.touchEnd(el, { changedTouches: [{ clientX: 200 + dx, clientY: 300 + dy }] });
  });
};

describe('previous / next work of the list it was opened from', () => {
  afterEach(cleanup);
  beforeEach(() => {
    sessionStorage.clear();
    saveGalleryList('g', [10, 20, 30]);
  });

  it('←/→ move along the list, replacing the entry and keeping the list', () => {
    const router = setup({ gallery: 'g' });
    key('ArrowRight');
    expect(at()).toBe('/artworks/30');
    expect(router.state.historyAction).toBe('REPLACE');
    key('ArrowRight'); // the end of the list
    expect(at()).toBe('/artworks/30');
    key('ArrowLeft');
    key('ArrowLeft');
    expect(at()).toBe('/artworks/10');
  });

  it('a second key pressed before the page re-renders moves on from the first move', () => {
    saveGalleryList('g', [10, 20, 30, 40]);
    setup({ gallery: 'g' });
    act(() => {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
      fireEvent.keyDown(window, { key: 'ArrowRight' });
    });
    expect(at()).toBe('/artworks/40');
  });

  it('ignores keys typed in a text field, with a modifier, or while a dialog is open', () => {
    setup({ gallery: 'g' });
    key('ArrowRight', screen.getByTestId('field'));
    act(() => {
      fireEvent.keyDown(window, { key: 'ArrowRight', altKey: true });
    });
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    key('ArrowRight');
    dialog.remove();
    expect(at()).toBe('/artworks/20');
  });

  it('a sideways swipe of 60 px or more turns: to the left the next, to the right the previous', () => {
    setup({ gallery: 'g' });
    swipe(-59);
    swipe(-80, 50); // more down than sideways: a scroll
    expect(at()).toBe('/artworks/20');
    swipe(-60);
    expect(at()).toBe('/artworks/30');
    swipe(120);
    expect(at()).toBe('/artworks/20');
  });

  it('does nothing on a direct link', () => {
    setup(null);
    key('ArrowRight');
    swipe(-100);
    expect(at()).toBe('/artworks/20');
  });

  it('does nothing with the swipe setting off', () => {
    setup({ gallery: 'g' }, false);
    key('ArrowRight');
    swipe(-100);
    expect(at()).toBe('/artworks/20');
  });
});
