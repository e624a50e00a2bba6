import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { fetchZip, fullSizeZip, toggleUgoira } from './ugoira.ts';

describe('ugoira', () => {
  it('asks for the 1920x1080 zip', () => {
    expect(
      fullSizeZip('https://i.pximg.net/img-zip-ugoira/img/2026/01/02/03/04/05/9_ugoira600x600.zip'),
    ).toBe('https://i.pximg.net/img-zip-ugoira/img/2026/01/02/03/04/05/9_ugoira1920x1080.zip');
  });

  it('ignores the toggle while loading; plays and pauses after', () => {
    expect(toggleUgoira('idle')).toBe('loading');
    expect(toggleUgoira('loading')).toBe('loading');
    expect(toggleUgoira('playing')).toBe('paused');
    expect(toggleUgoira('paused')).toBe('playing');
  });

  it('reports the download progress and returns the bytes', async () => {
    const zip = zipSync({ '000000.jpg': new Uint8Array(1000) });
    const seen: number[] = [];
    const bytes = await fetchZip('/z.zip', (f) => seen.push(f), {
      fetch: async () =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(zip.slice(0, 10));
              c.enqueue(zip.slice(10));
              c.close();
            },
          }),
          { headers: { 'content-length': String(zip.length) } },
        ),
    });
    expect(bytes).toEqual(zip);
    expect(seen[0]).toBeCloseTo(10 / zip.length);
    expect(seen.at(-1)).toBe(1);
  });

  it('gives up after the time limit', async () => {
    const never = (_: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
      );
    await expect(
      fetchZip('/z.zip', () => undefined, { fetch: never as typeof fetch, timeoutMs: 20 }),
    ).rejects.toThrow();
  });
});
