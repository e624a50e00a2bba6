import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_TAPS_GLOBAL, replayEarlyTaps } from './early-taps.ts';

const held = () => window as unknown as Record<string, unknown>;

afterEach(() => {
  delete held()[EARLY_TAPS_GLOBAL];
  document.body.replaceChildren();
});

describe('taps held before the app took the page over', () => {
  it('are tapped again once each, in order, on the buttons still in the page', () => {
    const tapped: string[] = [];
    const button = (name: string) => {
      const el = document.createElement('button');
      el.addEventListener('click', () => tapped.push(name));
      document.body.append(el);
      return el;
    };
    const first = button('first');
    const second = button('second');
    const gone = button('gone');
    gone.remove();
    held()[EARLY_TAPS_GLOBAL] = [second, gone, first];
    replayEarlyTaps();
    expect(tapped).toEqual(['second', 'first']);
    // held no more: a second call taps nothing
    replayEarlyTaps();
    expect(tapped).toEqual(['second', 'first']);
  });

  it('are nothing on a page without the held list, or with something else in its place', () => {
    expect(() => replayEarlyTaps()).not.toThrow();
    held()[EARLY_TAPS_GLOBAL] = [{ click: () => expect.unreachable() }, 'x', null];
    expect(() => replayEarlyTaps()).not.toThrow();
  });
});
