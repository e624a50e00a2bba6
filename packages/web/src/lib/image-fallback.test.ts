import { describe, expect, it } from 'vitest';
import {
  OWN_IMAGE_SOURCE,
  activeSource,
  imageSources,
  nextSource,
  retarget,
  sourceIndex,
} from './image-fallback.ts';

const ORIGIN = 'https://viewer.example';

describe('image sources', () => {
  it('tries the user proxy, then the server proxy, then this server /i/', () => {
    expect(imageSources('https://u.example/px', 'https://s.example/')).toEqual([
      'https://u.example/px/',
      'https://s.example/',
      OWN_IMAGE_SOURCE,
    ]);
    expect(imageSources(null, null)).toEqual(['/i/']);
  });

  it("tries the server's further proxies (IMAGE_PROXIES) after its own, before /i/", () => {
    expect(
      imageSources(null, 'https://s.example/', ['https://a.example', 'https://s.example/']),
    ).toEqual(['https://s.example/', 'https://a.example/', OWN_IMAGE_SOURCE]);
    // the user may choose this server itself: it is then tried first
    expect(imageSources('/i/', 'https://s.example/')).toEqual(['/i/', 'https://s.example/']);
  });

  it('drops invalid and duplicate sources', () => {
    expect(imageSources('javascript:alert(1)', 'not a url')).toEqual(['/i/']);
    expect(imageSources('https://p.example', 'https://p.example/')).toEqual([
      'https://p.example/',
      '/i/',
    ]);
  });

  it('finds the source of a picture and moves it to another', () => {
    const sources = imageSources(null, 'https://s.example/');
    const src = 'https://s.example/img-master/img/2024/01/01/00/00/00/1_p0_master1200.jpg';
    expect(sourceIndex(src, sources, ORIGIN)).toBe(0);
    const moved = retarget(src, sources[0]!, sources[1]!, ORIGIN);
    expect(moved).toBe(`${ORIGIN}/i/img-master/img/2024/01/01/00/00/00/1_p0_master1200.jpg`);
    expect(sourceIndex(moved, sources, ORIGIN)).toBe(1);
    expect(sourceIndex('https://other.example/x.jpg', sources, ORIGIN)).toBe(-1);
    expect(sourceIndex(`${ORIGIN}/s/common/x.png`, sources, ORIGIN)).toBe(-1);
  });

  it('tries each source once, in order, then gives up', () => {
    expect(nextSource(new Set([0]), 3)).toBe(1);
    expect(nextSource(new Set([0, 1]), 3)).toBe(2);
    expect(nextSource(new Set([1]), 3)).toBe(0);
    expect(nextSource(new Set([0, 1, 2]), 3)).toBe(-1);
  });

  it('starts from the source remembered this session while it is configured', () => {
    const sources = ['https://u.example/', 'https://s.example/', '/i/'];
    expect(activeSource(sources, null)).toBe('https://u.example/');
    expect(activeSource(sources, '/i/')).toBe('/i/');
    expect(activeSource(sources, 'https://gone.example/')).toBe('https://u.example/');
  });
});
