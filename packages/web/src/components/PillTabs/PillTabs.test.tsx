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
});
