import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEndReached } from './useEndReached.ts';

/** The elements each IntersectionObserver watches, and whether it was disconnected. */
const observers: { watched: Element[]; disconnected: boolean }[] = [];

class FakeObserver {
  private entry = { watched: [] as Element[], disconnected: false };
  constructor() {
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.watched.push(el);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

function List({ footerKey }: { footerKey: string }) {
  const sentinel = useEndReached(() => undefined, true);
  // a different key: React replaces the footer element, as the render after hydration does
  return <div key={footerKey} ref={sentinel} data-testid={footerKey} />;
}

describe('useEndReached', () => {
  afterEach(() => {
    observers.length = 0;
    vi.unstubAllGlobals();
  });

  it('watches the sentinel element that is in the page, also after it was replaced', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { rerender, getByTestId } = render(<List footerKey="server" />);
    expect(observers.map((o) => o.watched)).toEqual([[getByTestId('server')]]);
    rerender(<List footerKey="app" />);
    const live = observers.filter((o) => !o.disconnected);
    expect(live.map((o) => o.watched)).toEqual([[getByTestId('app')]]);
  });
});
