import { describe, expect, it } from 'vitest';
import {
  readerTranslator,
  streamTranslation,
  translateTargetFor,
  translateUrl,
} from './novel-translate.ts';

describe('novel translation requests (spec 001 §7.2)', () => {
  it('asks for the chosen service: sc with the AI model, ms, gg, yd; nots when asked', () => {
    const base = { id: 7, to: 'en' as const, nots: false };
    expect(translateUrl({ ...base, translator: 'ai1' })).toBe(
      '/api/pixiv-novel-translate/7.html?srv=sc&to=en&aimd=glm',
    );
    expect(translateUrl({ ...base, translator: 'ai2' })).toContain('srv=sc&to=en&aimd=qwen');
    expect(translateUrl({ ...base, translator: 'ai3' })).toContain('aimd=deepseek');
    expect(translateUrl({ ...base, translator: 'ms', nots: true })).toBe(
      '/api/pixiv-novel-translate/7.html?srv=ms&to=en&nots=1',
    );
    expect(translateUrl({ ...base, translator: 'yd', to: 'zh-TW' })).toBe(
      '/api/pixiv-novel-translate/7.html?srv=yd&to=zh-TW',
    );
  });

  it('uses the setting’s translator (Immersive Translate too), Google for none', () => {
    expect(readerTranslator('ai3')).toBe('ai3');
    expect(readerTranslator('yd')).toBe('yd');
    expect(readerTranslator('none')).toBe('gg');
    expect(readerTranslator('imt')).toBe('imt');
  });

  it('translates into the app’s Chinese, else English', () => {
    expect(translateTargetFor('zh-Hans')).toBe('zh-CN');
    expect(translateTargetFor('zh-Hant')).toBe('zh-TW');
    expect(translateTargetFor('ja')).toBe('en');
    expect(translateTargetFor('de')).toBe('en');
  });

  it('hands over the HTML as each chunk arrives', async () => {
    const chunks = ['<article><section><p>one</p>', '<p>two</p>', '</section></article>'];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const ch of chunks) c.enqueue(new TextEncoder().encode(ch));
        c.close();
      },
    });
    const seen: string[] = [];
    const fakeFetch = (() => Promise.resolve(new Response(body))) as unknown as typeof fetch;
    await streamTranslation(
      { id: 1, translator: 'ai1', to: 'en', nots: false },
      (h) => seen.push(h),
      new AbortController().signal,
      fakeFetch,
    );
    expect(seen).toEqual([chunks[0], chunks[0]! + chunks[1], chunks.join('')]);
  });

  it('rejects with the server’s error message', async () => {
    const fakeFetch = (() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: 'translation service timed out' }), { status: 504 }),
      )) as unknown as typeof fetch;
    await expect(
      streamTranslation(
        { id: 1, translator: 'gg', to: 'en', nots: true },
        () => undefined,
        new AbortController().signal,
        fakeFetch,
      ),
    ).rejects.toThrow('translation service timed out');
  });
});
