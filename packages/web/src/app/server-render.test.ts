import { describe, expect, it } from 'vitest';
import { adoptServerStylesheets } from './server-render.ts';

describe('adoptServerStylesheets', () => {
  it('moves the stylesheets a rendered page links after its content to the head, in order', () => {
    const doc = document.implementation.createHTMLDocument('t');
    doc.head.innerHTML = '<style>.x{}</style><link rel="manifest" href="/m">';
    doc.body.innerHTML =
      '<div id="root"><link rel="stylesheet" href="/in-root.css"></div>' +
      '<link rel="stylesheet" href="/assets/index.css"><link rel="stylesheet" href="/assets/shared.css">';
    adoptServerStylesheets(doc);
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
