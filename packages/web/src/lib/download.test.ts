import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unzipSync } from 'fflate';
import { normaliseIllust, type RawIllust } from '@pv/core';
import detail from '../../../../fixtures/v1_illust_detail__upbit_pixivpy__illust_detail.json';
import { downloadArtwork } from './download.ts';
import { forgetDownloadFolder } from './save-file.ts';

// A real capture (the repository's fixtures/), not hand-written JSON.
const artwork = normaliseIllust((detail as unknown as { illust: RawIllust }).illust);
const page = artwork.images[0]!;
const three = {
  ...artwork,
  count: 3,
  images: [0, 1, 2].map((i) => ({ ...page, o: page.o.replace('_p0', `_p${i}`) })),
};
const one = { ...artwork, count: 1, images: [page] };

/** The browser downloads started: name and blob. */
let saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const href = `blob:${n++}`;
      blobs.set(href, blob);
      return href;
    },
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  forgetDownloadFolder();
  delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
});

const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

const ok =
  (body = 'img') =>
  async () =>
    new Response(body, { status: 200 });

describe('downloadArtwork', () => {
  it('saves one page under the template name, the original through the image proxy', async () => {
    const fetched: string[] = [];
    const count = await downloadArtwork(one, {
      template: '{pid}_p{index}',
      fetch: async (url) => {
        fetched.push(String(url));
        return new Response('img', { status: 200 });
      },
    });
    expect(count).toBe(1);
    expect(saved.map((s) => s.name)).toEqual([
      expect.stringMatching(new RegExp(`^${artwork.id}_p0\\.(jpg|png|gif)$`)),
    ]);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/^\/i\//);
    expect(fetched[0]).toContain('img-original');
  });

  it('saves only the pages asked for (the artwork page’s current page)', async () => {
    const count = await downloadArtwork(three, {
      template: '{pid}_p{index}',
      pages: [1],
      fetch: ok(),
    });
    expect(count).toBe(1);
    expect(saved.map((s) => s.name)).toEqual([
      expect.stringMatching(new RegExp(`^${artwork.id}_p1\\.`)),
    ]);
  });

  it('puts several pages into one zip, each named by the template', async () => {
    const count = await downloadArtwork(three, { template: '{pid}_p{index}', fetch: ok('px') });
    expect(count).toBe(3);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(`${artwork.id}_p0-2.zip`);
    const files = unzipSync(await bytesOf(saved[0]!.blob));
    expect(Object.keys(files)).toEqual(
      [0, 1, 2].map((i) => expect.stringMatching(new RegExp(`^${artwork.id}_p${i}\\.`))),
    );
    expect(new TextDecoder().decode(Object.values(files)[2])).toBe('px');
  });

  it('opens a page in a new tab when it cannot be fetched', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const count = await downloadArtwork(three, {
      template: '{pid}',
      fetch: async () => new Response('no', { status: 502 }),
    });
    expect(count).toBe(0);
    expect(saved).toHaveLength(0);
    expect(open).toHaveBeenCalledTimes(3);
    expect(open.mock.calls[0]![0]).toMatch(/^\/i\//);
    expect(open.mock.calls[0]![1]).toBe('_blank');
  });

  it('writes into the picked folder, in the author’s sub-folder, when the setting is on', async () => {
    const written: string[] = [];
    const dir = (path: string): object => ({
      kind: 'directory',
      name: path,
      queryPermission: async () => 'granted',
      getDirectoryHandle: async (name: string) => dir(`${path}/${name}`),
      getFileHandle: async (name: string) => ({
        createWritable: async () => ({
          write: async () => undefined,
          close: async () => written.push(`${path}/${name}`),
        }),
      }),
    });
    const picker = vi.fn(async () => dir('picked'));
    Object.assign(window, { showDirectoryPicker: picker });
    await downloadArtwork(one, {
      template: '{pid}',
      folder: true,
      subDirByAuthor: true,
      fetch: ok(),
    });
    expect(picker).toHaveBeenCalledTimes(1);
    expect(saved).toHaveLength(0);
    const folder = `${artwork.author.name}_${artwork.author.id}`.replace(/[\\/:*?"<>|]/g, '_');
    expect(written).toEqual([
      expect.stringMatching(new RegExp(`^picked/${folder}/${artwork.id}\\.`)),
    ]);
    // the folder is kept: the next download does not ask again
    await downloadArtwork(one, { template: '{pid}', folder: true, fetch: ok() });
    expect(picker).toHaveBeenCalledTimes(1);
    expect(written[1]).toMatch(new RegExp(`^picked/${artwork.id}\\.`));
  });

  it('uses the browser’s download where there is no folder picker', async () => {
    await downloadArtwork(one, {
      template: '{pid}',
      folder: true,
      subDirByAuthor: true,
      fetch: ok(),
    });
    expect(saved.map((s) => s.name)).toEqual([
      expect.stringMatching(new RegExp(`^${artwork.id}\\.`)),
    ]);
  });
});
