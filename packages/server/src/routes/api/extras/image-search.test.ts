import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawIllustListResponse } from '@pv/core';
import { startListeningTestServer, type TestServer } from '../../../test-helpers.ts';

let t: TestServer;
let base: string;
beforeAll(async () => {
  ({ t, base } = await startListeningTestServer());
});
afterAll(() => t.close());

async function upload(bytes: Uint8Array, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), 'query');
  const res = await fetch(`${base}/api/image-search`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface Result {
  data: { id: number; ext_urls: string[]; title: string; member_name: string };
  header: { thumbnail: string; similarity: number };
}

describe('POST /api/image-search', () => {
  it('finds the work of an uploaded image: above 50 %, most similar first', async () => {
    const ranked = (
      await t.app.inject({ url: '/api/pixiv/rank?mode=day&date=2026-11-19' })
    ).json() as RawIllustListResponse;
    const work = ranked.illusts[5]!;
    const image = await t.app.inject({
      url: `/i/${work.image_urls.medium.replace('https://i.pximg.net/', '')}`,
    });
    const { status, body } = await upload(new Uint8Array(image.rawPayload), 'image/jpeg');
    expect(status).toBe(200);
    const results = body.results as Result[];
    expect(results[0]!.data.id).toBe(work.id);
    expect(results[0]!.data.title).toBe(work.title);
    expect(results[0]!.header.similarity).toBeGreaterThan(90);
    expect(results.every((r) => r.header.similarity > 50)).toBe(true);
    const sims = results.map((r) => r.header.similarity);
    expect(sims).toEqual([...sims].sort((a, b) => b - a));
  }, 60_000);

  it('refuses anything but an image with the placeholder message key', async () => {
    const text = await upload(new TextEncoder().encode('hello'), 'text/plain');
    expect(text).toEqual({ status: 400, body: { error: 'search.img.placeholder' } });
    const none = await fetch(`${base}/api/image-search`, { method: 'POST', body: 'x' });
    expect(none.status).toBe(400);
  });

  it('answers search.img.err when the search service fails', async () => {
    t.sandbox.state.faults.add({ pathPrefix: '/saucenao.com/', status: 500, times: 1 });
    const res = await upload(new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg');
    expect(res).toEqual({ status: 502, body: { error: 'search.img.err' } });
  });

  it('answers 422, not 502, for a file the service cannot read (the client’s fault)', async () => {
    const res = await upload(new TextEncoder().encode('not a png'), 'image/png');
    expect(res).toEqual({ status: 422, body: { error: 'search.img.err' } });
  });
});
