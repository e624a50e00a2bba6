import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PillTabs } from './PillTabs.tsx';

afterEach(cleanup);

describe('PillTabs', () => {
  it('marks the current tab selected and reports a click on another', () => {
    const onSelect = vi.fn();
    render(
      <PillTabs
        tabs={['illusts', 'users'] as const}
        current="illusts"
        label={(tab) => tab.toUpperCase()}
        onSelect={onSelect}
        tabTestIdPrefix="t"
        testId="list"
      />,
    );
    expect(screen.getByTestId('list').getAttribute('role')).toBe('tablist');
    expect(screen.getByTestId('t-illusts').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('t-users').getAttribute('aria-selected')).toBe('false');
    expect(screen.getByTestId('t-users').textContent).toBe('USERS');
    fireEvent.click(screen.getByTestId('t-users'));
    expect(onSelect).toHaveBeenCalledWith('users');
  });

  it('with a query parameter, is a GET form of submit buttons that a click does not send', () => {
    const onSelect = vi.fn();
    const sent = vi.fn();
    render(
      <PillTabs
        tabs={['illust', 'manga'] as const}
        current="illust"
        label={(tab) => tab}
        onSelect={onSelect}
        tabTestIdPrefix="t"
        testId="list"
        param="type"
      />,
    );
    const form = screen.getByTestId('list').closest('form')!;
    expect(form.getAttribute('method')).toBe('get');
    const manga = screen.getByTestId('t-manga') as HTMLButtonElement;
    expect([manga.type, manga.name, manga.value]).toEqual(['submit', 'type', 'manga']);
    // past React's handler (on its root), where the page would leave
    const onSubmit = (e: Event) => sent(e.target === form, e.defaultPrevented);
    document.addEventListener('submit', onSubmit);
    fireEvent.click(manga);
    document.removeEventListener('submit', onSubmit);
    expect(onSelect).toHaveBeenCalledWith('manga');
    // jsdom submits the form on a submit button's click: the app's handler keeps it from leaving
    expect(sent).toHaveBeenCalledWith(true, true);
  });
});
