import { describe, expect, it } from 'vitest';
import { adoptServerStylesheets } from './server-render.ts';

describe('adoptServerStylesheets', () => {
  it('applies the stylesheets a rendered page preloads after its content, in the head, in order', () => {
    const doc = document.implementation.createHTMLDocument('t');
    doc.head.innerHTML = '<style>.x{}</style><link rel="manifest" href="/m">';
    doc.body.innerHTML =
      '<div id="root"><link rel="stylesheet" href="/in-root.css"></div>' +
      '<link rel="preload" as="style" crossorigin href="/assets/index.css">' +
      '<link rel="preload" as="style" crossorigin href="/assets/shared.css">' +
      '<link rel="preload" as="image" href="/i/p.jpg">';
    adoptServerStylesheets(doc);
    // each the stylesheet it preloaded, in the same CORS mode (the preload's answer is used)
    for (const sheet of doc.head.querySelectorAll('link[href^="/assets/"]')) {
      expect(sheet.getAttribute('rel')).toBe('stylesheet');
      expect(sheet.hasAttribute('as')).toBe(false);
      expect(sheet.getAttribute('crossorigin')).toBe('');
    }
    // a picture's preload is not a stylesheet
    expect(doc.body.querySelector('link[as="image"]')?.getAttribute('rel')).toBe('preload');
    doc.body.querySelector('link[as="image"]')!.remove();
    const order = Array.from(
      doc.querySelectorAll('link'),
      (l) => `${l.parentElement!.tagName} ${l.getAttribute('href')}`,
    );
    expect(order).toEqual([
      'HEAD /m',
      'HEAD /assets/index.css',
      'HEAD /assets/shared.css',
      // only the body's own children: the app's markup is the app's
      'DIV /in-root.css',
    ]);
    // a screen's stylesheet the app adds later comes after them
    const screen = doc.createElement('link');
    screen.rel = 'stylesheet';
    screen.href = '/assets/Artwork.css';
    doc.head.append(screen);
    expect(doc.head.lastElementChild).toBe(screen);
    expect(doc.querySelector('head > style')).toBe(doc.head.firstElementChild);
  });
});
