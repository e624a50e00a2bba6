import { afterEach, describe, expect, it, vi } from 'vitest';
import { normaliseIllust, type RawIllust } from '@pv/core';
import detail from '../../../../../shared/reference/fixtures/v1_illust_detail__upbit_pixivpy__illust_detail.json';
import { downloadArtwork } from './download.ts';

// A real capture (shared/reference/fixtures), not hand-written JSON.
const artwork = normaliseIllust((detail as unknown as { illust: RawIllust }).illust);

afterEach(() => vi.restoreAllMocks());

describe('downloadArtwork', () => {
  it('saves every page under the template name, through the image proxy', async () => {
    const created = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const fetched: string[] = [];
    const saved = await downloadArtwork(artwork, {
      template: '{pid}_p{index}',
      fetch: async (url) => {
        fetched.push(String(url));
        return new Response(new Blob(['img']), { status: 200 });
      },
    });
    expect(saved).toBe(artwork.images.length);
    expect(names[0]).toMatch(new RegExp(`^${artwork.id}_p0\\.(jpg|png|gif)$`));
    expect(fetched.every((u) => u.startsWith('/i/'))).toBe(true);
  });

  it('saves only the pages asked for (the artwork page’s current page)', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const page = artwork.images[0]!;
    const three = {
      ...artwork,
      count: 3,
      images: [0, 1, 2].map((i) => ({ ...page, o: page.o.replace('_p0', `_p${i}`) })),
    };
    const saved = await downloadArtwork(three, {
      template: '{pid}_p{index}',
      pages: [1],
      fetch: async () => new Response(new Blob(['img']), { status: 200 }),
    });
    expect(saved).toBe(1);
    expect(names).toEqual([expect.stringMatching(new RegExp(`^${artwork.id}_p1\\.`))]);
  });

  it('opens the image in a new tab when the download fails', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const saved = await downloadArtwork(artwork, {
      template: '{pid}',
      fetch: async () => new Response('no', { status: 502 }),
    });
    expect(saved).toBe(0);
    expect(open).toHaveBeenCalledTimes(artwork.images.length);
    expect(open.mock.calls[0]![0]).toMatch(/^\/i\//);
    expect(open.mock.calls[0]![1]).toBe('_blank');
  });
});
