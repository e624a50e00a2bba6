import { afterEach, describe, expect, it } from 'vitest';
import { PRELOAD_HOLD_MS, clearPreloads, holdPreloads, takePreloaded } from './preloaded.ts';

function page(...hrefs: string[]): Document {
  const doc = document.implementation.createHTMLDocument('');
  for (const href of hrefs) {
    const link = doc.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', 'fetch');
    link.setAttribute('crossorigin', '');
    link.setAttribute('href', href);
    doc.head.append(link);
  }
  const image = doc.createElement('link');
  image.setAttribute('rel', 'preload');
  image.setAttribute('as', 'image');
  image.setAttribute('href', '/i/picture.jpg');
  doc.head.append(image);
  return doc;
}

afterEach(clearPreloads);

describe('preloaded answers', () => {
  it('asks once for each preloaded call of this origin, as the app asks, and hands it out once', async () => {
    const asked: [string, RequestInit | undefined][] = [];
    const fake = (async (url: string, init?: RequestInit) => {
      asked.push([url, init]);
      return new Response(JSON.stringify({ url }));
    }) as unknown as typeof fetch;
    const rank = '/api/pixiv/rank?mode=day&date=2026-11-30&page=1';
    holdPreloads(page(rank, '/api/notices', rank, 'https://elsewhere.example/x', '//evil/x'), fake);
    expect(asked.map(([url]) => url)).toEqual([rank, '/api/notices']);
    expect(asked[0]![1]!.headers).toEqual({ accept: 'application/json' });
    expect(asked[0]![1]!.credentials).toBeUndefined();
    expect(await (await takePreloaded(rank))!.json()).toEqual({ url: rank });
    // the next call of the same URL asks the network again
    expect(takePreloaded(rank)).toBeUndefined();
    expect(takePreloaded('/i/picture.jpg')).toBeUndefined();
  });

  it('drops an answer not taken within the first data’s hold', () => {
    let clock = 1_000;
    const fake = (async () => new Response('{}')) as unknown as typeof fetch;
    holdPreloads(page('/api/notices', '/api/pixiv/tags'), fake, () => clock);
    clock += PRELOAD_HOLD_MS;
    expect(takePreloaded('/api/notices', () => clock)).toBeDefined();
    clock += 1;
    expect(takePreloaded('/api/pixiv/tags', () => clock)).toBeUndefined();
  });
});
