import { describe, expect, it } from 'vitest';
import { CriticalCss, classesIn, classesNeeded } from './critical-css.ts';

const SHEETS: Record<string, string> = {
  '/assets/index-1.css':
    ':root{--bg:#fff}:root[data-theme=dark]{--bg:#000}body{margin:0}' +
    '.card{display:block}.card .title{font-weight:700}.card:hover{opacity:.9}.menu{display:none}' +
    '.grid:not(.masonry){gap:8px}.list,.menu{padding:0}.spin{animation:spin 1s linear infinite}' +
    '@media (width>=600px){.card{width:50%}.menu{width:10px}}' +
    '@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#000}}' +
    '@keyframes spin{to{rotate:1turn}}@keyframes fade{to{opacity:0}}',
  '/assets/Rank-2.css':
    '@container (width<=600px){.grid .card{flex:1}.other{flex:2}}@supports (display:grid){.grid{display:grid}}',
};

const reader = (reads: string[] = []) =>
  new CriticalCss((href) => {
    reads.push(href);
    return SHEETS[href];
  });

describe('critical CSS', () => {
  it('reads the classes a selector list needs, none inside :not(), null when one needs none', () => {
    expect(classesNeeded('.card .title')).toEqual([['card', 'title']]);
    expect(classesNeeded('.a.b > .c, .d:hover')).toEqual([['a', 'b', 'c'], ['d']]);
    expect(classesNeeded('.grid:not(.masonry)')).toEqual([['grid']]);
    expect(classesNeeded(':root[data-theme=dark]')).toBeNull();
    expect(classesNeeded('.a, p')).toBeNull();
    expect(classesNeeded('.a::before')).toEqual([['a']]);
  });

  it('reads the classes of markup as React renders it', () => {
    expect([
      ...classesIn('<div class="a  b"><p class="c">x</p><i data-class="e"></i><b class=""></b>'),
    ]).toEqual(['a', 'b', 'c']);
  });

  it('keeps the rules the markup can use, in order, inside their at-rules, with the keyframes they name', () => {
    const css = reader().forMarkup(
      ['/assets/index-1.css', '/assets/Rank-2.css'],
      '<main class="grid"><a class="card"><span class="title">t</span></a><i class="spin"></i></main>',
    );
    expect(css).toBe(
      ':root{--bg:#fff}:root[data-theme=dark]{--bg:#000}body{margin:0}' +
        '.card{display:block}.card .title{font-weight:700}.card:hover{opacity:.9}' +
        '.grid:not(.masonry){gap:8px}.spin{animation:spin 1s linear infinite}' +
        '@media (width>=600px){.card{width:50%}}' +
        '@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#000}}' +
        '@container (width<=600px){.grid .card{flex:1}}@supports (display:grid){.grid{display:grid}}' +
        '@keyframes spin{to{rotate:1turn}}',
    );
    // a rule any of whose selectors may match is kept whole; one that names a class the markup
    // lacks is not, nor an at-rule left empty
    const menu = reader().forMarkup(['/assets/index-1.css'], '<ul class="list"></ul>')!;
    expect(menu).toContain('.list,.menu{padding:0}');
    expect(menu).not.toContain('.menu{display:none}');
    expect(menu).not.toContain('@media (width>=600px)');
    expect(menu).not.toContain('@keyframes');
  });

  it('parses each sheet once, and gives up on a sheet it cannot read', () => {
    const reads: string[] = [];
    const critical = reader(reads);
    critical.forMarkup(['/assets/index-1.css'], '<p class="card"></p>');
    critical.forMarkup(['/assets/index-1.css'], '<p class="menu"></p>');
    expect(reads).toEqual(['/assets/index-1.css']);
    expect(critical.forMarkup(['/assets/index-1.css', '/assets/gone.css'], '<p></p>')).toBeNull();
  });

  it('never gives a style that would end its element early', () => {
    const critical = new CriticalCss(() => '.a::after{content:"</style><script>"}');
    // postcss writes the string escaped (`\3c /style`); were it not, there would be no style
    const css = critical.forMarkup(['/assets/x.css'], '<p class="a"></p>');
    expect(css ?? '').not.toMatch(/<\/style/i);
  });
});
