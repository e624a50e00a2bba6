import { afterEach, describe, expect, it, vi } from 'vitest';
import { installReplacedLinks } from './replaced-links.ts';

/** A link in the page whose click handler (as React's over a hydrating part) takes it out. */
function replacedOnClick(html: string): HTMLAnchorElement {
  document.body.innerHTML = `<div id="part">${html}</div>`;
  const link = document.querySelector('a')!;
  document
    .getElementById('part')!
    .addEventListener(
      'click',
      () => (document.getElementById('part')!.innerHTML = '<a href="/artworks/2">new</a>'),
      { capture: true },
    );
  return link;
}

describe('installReplacedLinks', () => {
  const navigate = vi.fn();
  // one listener for the file (document listeners cannot be taken back from here)
  installReplacedLinks(navigate);
  afterEach(() => {
    navigate.mockClear();
    document.body.innerHTML = '';
  });

  it('opens a tapped link the app replaced meanwhile with the router, not the browser', () => {
    const link = replacedOnClick('<a href="/artworks/1?x=1#c"><img alt=""></a>');
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.querySelector('img')!.dispatchEvent(event);
    expect(link.isConnected).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/artworks/1?x=1#c');
    expect(event.defaultPrevented).toBe(true);
  });

  it('leaves every other click to the page and the browser', () => {
    // whether the click was left to the browser, read after the document's listeners (and then
    // cancelled: jsdom does not navigate)
    const click = (el: Element, init: MouseEventInit = {}) => {
      let prevented = false;
      const after = (e: Event) => ((prevented = e.defaultPrevented), e.preventDefault());
      window.addEventListener('click', after, { once: true });
      el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
      return prevented;
    };
    // still in the page: the app's own link (or the browser's, before the app runs)
    document.body.innerHTML = '<a href="/artworks/1">a</a>';
    expect(click(document.querySelector('a')!)).toBe(false);
    // replaced, but another origin, a new tab, a download, a modified or handled click
    for (const html of [
      '<a href="https://www.pixiv.net/artworks/1">a</a>',
      '<a href="/artworks/1" target="_blank">a</a>',
      '<a href="/i/1.jpg" download>a</a>',
    ])
      expect(click(replacedOnClick(html))).toBe(false);
    expect(click(replacedOnClick('<a href="/artworks/1">a</a>'), { ctrlKey: true })).toBe(false);
    const handled = replacedOnClick('<a href="/artworks/1">a</a>');
    handled.addEventListener('click', (e) => e.preventDefault());
    expect(click(handled)).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });
});
