import { afterEach, describe, expect, it } from 'vitest';
import { checkImageProxy, readImageProxy, saveImageProxy } from './image-proxy.ts';

const PICTURE =
  'https://i.pximg.net/c/250x250_80_a2/img-master/img/2026/01/01/00/00/00/1_p0_square1200.jpg';

afterEach(() => localStorage.clear());

describe('the chosen image proxy', () => {
  it('is checked with a picture through it before it is kept', async () => {
    const asked: string[] = [];
    const ok = await checkImageProxy('https://p.example', PICTURE, async (url) => {
      asked.push(url);
      return true;
    });
    expect(ok).toEqual({ ok: true, source: 'https://p.example/' });
    expect(asked).toEqual([
      'https://p.example/c/250x250_80_a2/img-master/img/2026/01/01/00/00/00/1_p0_square1200.jpg',
    ]);
    // this server's own route
    const own = await checkImageProxy('/i/', PICTURE, async (url) => {
      asked.push(url);
      return true;
    });
    expect(own).toEqual({ ok: true, source: '/i/' });
    expect(asked.at(-1)).toMatch(/^\/i\/c\/250x250/);
  });

  it("refuses an invalid address without a request, and one whose picture fails with 'connect error'", async () => {
    let asked = 0;
    const load = async () => {
      asked++;
      return false;
    };
    expect(await checkImageProxy('javascript:alert(1)', PICTURE, load)).toEqual({
      ok: false,
      reason: 'invalid_url',
    });
    expect(asked).toBe(0);
    expect(await checkImageProxy('https://p.example/', PICTURE, load)).toEqual({
      ok: false,
      reason: 'connect_error',
    });
    expect(asked).toBe(1);
  });

  it('is kept per device; automatic clears it; a damaged one reads as automatic', () => {
    expect(readImageProxy()).toBeNull();
    saveImageProxy('https://p.example/');
    expect(readImageProxy()).toBe('https://p.example/');
    saveImageProxy(null);
    expect(localStorage.getItem('pv.imageProxy')).toBeNull();
    localStorage.setItem('pv.imageProxy', 'javascript:alert(1)');
    expect(readImageProxy()).toBeNull();
  });
});
