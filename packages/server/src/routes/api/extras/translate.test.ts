import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateText } from '@pv/sandbox';
import {
  startListeningTestServer,
  startTestServer,
  type TestServer,
} from '../../../test-helpers.ts';
import { NovelHtmlWriter, readNovel } from './novel-html.ts';

let t: TestServer;
let base: string;
beforeAll(async () => {
  ({ t, base } = await startListeningTestServer());
});
afterAll(() => t.close());

const KANA = /[\u3040-\u30ff]/;
const get = (url: string) => t.app.inject({ url });
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');
const ruby = (line: string) => line.replace(/\[\[rb:(.*?)>.*?\]\]/g, (_m, b: string) => b.trim());

interface Sample {
  id: number;
  text: string;
}

/** A few novels of the sandbox whose texts hold ruby, images, chapters and pages between them. */
async function samples(): Promise<Sample[]> {
  const wanted = ['[[rb:', '[newpage]', '[chapter:', '[uploadedimage:', '[pixivimage:'];
  const found: Sample[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < 400 && seen.size < wanted.length; i += 3) {
    const novel = t.sandbox.state.novels.at(i);
    if (novel.textLength > 6_000) continue;
    const res = await get(`/api/pixiv/novel_text?id=${novel.id}`);
    const text = (res.json() as { novel_text: string }).novel_text;
    const adds = wanted.filter((w) => text.includes(w) && !seen.has(w));
    if (adds.length === 0 && found.length > 0) continue;
    adds.forEach((w) => seen.add(w));
    found.push({ id: novel.id, text });
  }
  expect([...seen].sort()).toEqual([...wanted].sort());
  return found;
}

let cached: Sample[] | undefined;
const sample = async () => (cached ??= await samples());

/** Lines of prose (not markup lines, not blank) in order. */
const proseLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(
      (l) => l && !/^\[(newpage|chapter:.*|pixivimage:.*|uploadedimage:\d+|jump:\d+)\]$/.test(l),
    );

const paragraphs = (html: string) =>
  [...html.matchAll(/<p>(.*?)<\/p>/g)].map((m) =>
    textOf(m[1]!).replace(/&#39;/g, "'").replace(/&#34;/g, '"'),
  );

describe('GET /api/pixiv-novel-translate/{id}.html', () => {
  it('translates a novel through Microsoft into escaped HTML, paragraph by paragraph', async () => {
    for (const { id, text } of await sample()) {
      const res = await get(`/api/pixiv-novel-translate/${id}.html?srv=ms&nots=1`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toMatch(/; sandbox$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const html = res.body;
      expect(html.startsWith('<article class="pv-novel-translation" lang="zh-CN">')).toBe(true);
      expect(html.endsWith('</section></article>')).toBe(true);
      expect(textOf(html)).not.toMatch(KANA);
      const lines = proseLines(text).filter((l) => !l.startsWith('[[jumpuri:'));
      const expected = lines.map((l) => translateText(ruby(l), 'zh-CN'));
      expect(paragraphs(html).filter((p) => !p.includes('作者'))).toEqual(
        expected.filter((p) => !p.includes('作者')),
      );
      expect(html.match(/<section /g)!.length).toBe(text.split('[newpage]').length);
      expect((html.match(/<h2 /g) ?? []).length).toBe((text.match(/\[chapter:/g) ?? []).length);
      // Uploaded images come through this server's image proxy.
      expect(
        (html.match(/<figure class="pv-novel-image"><img src="\/i\/[^"]+"/g) ?? []).length,
      ).toBe((text.match(/\[uploadedimage:\d+\]/g) ?? []).length);
      for (const m of text.matchAll(/\[pixivimage:(\d+)(?:-\d+)?\]/g)) {
        expect(html).toContain(`<a href="/artworks/${m[1]}">`);
      }
      expect(html).not.toMatch(/\[(newpage|chapter:|pixivimage:|uploadedimage:)|\[\[rb:/);
    }
  }, 60_000);

  it('gives the same translation through Google, Youdao and the AI service', async () => {
    const { id } = (await sample())[0]!;
    const ms = (await get(`/api/pixiv-novel-translate/${id}.html?srv=ms&nots=1`)).body;
    for (const srv of ['gg', 'yd', 'sc']) {
      const res = await get(`/api/pixiv-novel-translate/${id}.html?srv=${srv}&nots=1`);
      expect(res.statusCode, srv).toBe(200);
      expect(res.body, srv).toBe(ms);
    }
    const en = (await get(`/api/pixiv-novel-translate/${id}.html?srv=gg&to=en&nots=1`)).body;
    expect(en).toContain('lang="en"');
    expect(paragraphs(en).join(' ')).toMatch(/[A-Za-z]{3}/);
    const tw = (await get(`/api/pixiv-novel-translate/${id}.html?srv=ms&to=zh-TW&nots=1`)).body;
    expect(tw).not.toBe(ms);
  });

  it('shows each original line with its ruby under the translation unless nots is set', async () => {
    const { id, text } = (await sample()).find((s) => s.text.includes('[[rb:'))!;
    const html = (await get(`/api/pixiv-novel-translate/${id}.html?srv=ms`)).body;
    const originals = [...html.matchAll(/<p class="pv-novel-original" lang="ja">(.*?)<\/p>/g)];
    expect(originals.length).toBe(
      proseLines(text).length + (text.match(/\[chapter:/g) ?? []).length,
    );
    const [, base, reading] = /\[\[rb:(.*?) > (.*?)\]\]/.exec(text)!;
    expect(html).toContain(`<ruby>${base}<rt>${reading}</rt></ruby>`);
  });

  it('keeps a translation a day and answers it from the cache', async () => {
    const { id } = (await sample())[0]!;
    const first = await get(`/api/pixiv-novel-translate/${id}.html?srv=yd`);
    expect(first.headers['cache-control']).toBe('max-age=86400');
    const again = await get(`/api/pixiv-novel-translate/${id}.html?srv=yd`);
    expect(again.headers['x-cache-hit']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('streams the AI mode paragraph by paragraph', async () => {
    const { id } = [...(await sample())].sort((a, b) => b.text.length - a.text.length)[0]!;
    const whole = (await get(`/api/pixiv-novel-translate/${id}.html?srv=sc&nots=1`)).body;
    const res = await fetch(`${base}/api/pixiv-novel-translate/${id}.html?srv=sc&nots=1&aimd=qwen`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toMatch(/; sandbox$/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(decoder.decode(value, { stream: true }));
    }
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(whole);
    // The first chunk came before the last paragraph was translated.
    expect(chunks[0]!.length).toBeLessThan(whole.length / 2);
  }, 60_000);

  it('answers 422 for bad parameters', async () => {
    const { id } = (await sample())[0]!;
    for (const qs of [
      '',
      'srv=bd',
      'srv=ms&to=ko',
      'srv=ms&aimd=glm',
      'srv=yd&to=zh-TW',
      'srv=sc&aimd=gpt',
      'srv=ms&nots=maybe',
    ]) {
      const res = await get(`/api/pixiv-novel-translate/${id}.html?${qs}`);
      expect(res.statusCode, qs).toBe(422);
      expect(res.json()).toMatchObject({ error: 'invalid parameters' });
    }
    expect((await get(`/api/pixiv-novel-translate/${id}.txt?srv=ms`)).statusCode).toBe(422);
    expect((await get(`/api/pixiv-novel-translate/abc.html?srv=ms`)).statusCode).toBe(422);
  });

  it('answers 404 JSON for a novel that does not exist', async () => {
    const res = await get('/api/pixiv-novel-translate/999999999.html?srv=ms');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'novel not found' });
  });

  it('answers 502 when a service fails and 504 when it is too slow, and stays up', async () => {
    const { id } = (await sample())[1]!;
    t.sandbox.state.faults.add({
      pathPrefix: '/api.cognitive.microsofttranslator.com/',
      status: 500,
      times: 1,
    });
    const failed = await get(`/api/pixiv-novel-translate/${id}.html?srv=ms&to=en`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: 'translation service failed' });
    t.sandbox.state.faults.add({ pathPrefix: '/fanyi.youdao.com/', latencyMs: 12_000, times: 1 });
    const slow = await get(`/api/pixiv-novel-translate/${id}.html?srv=yd&to=en`);
    expect(slow.statusCode).toBe(504);
    expect(slow.json()).toMatchObject({ error: 'translation service timed out' });
    t.sandbox.state.faults.add({ pathPrefix: '/api.siliconflow.cn/', status: 503, times: 1 });
    const ai = await fetch(`${base}/api/pixiv-novel-translate/${id}.html?srv=sc&aimd=1`);
    expect(ai.status).toBe(502);
    expect((await ai.text()).startsWith('{')).toBe(true);
    t.sandbox.state.faults.add({
      pathPrefix: '/app-api.pixiv.net/webview/',
      status: 500,
      times: 1,
    });
    expect((await get(`/api/pixiv-novel-translate/${id}.html?srv=gg&to=en`)).statusCode).toBe(502);
    expect((await get(`/api/pixiv-novel-translate/${id}.html?srv=ms&to=en`)).statusCode).toBe(200);
  }, 60_000);

  it('answers 503 when no services are configured', async () => {
    const bare = await startTestServer({ translate: undefined });
    try {
      const res = await bare.app.inject({ url: '/api/pixiv-novel-translate/1.html?srv=ms' });
      expect(res.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe('the novel HTML', () => {
  it('escapes everything from upstream and links only http(s) URLs', () => {
    const text = [
      '[chapter:<b>第1章</b>]',
      '<img src=x onerror=alert(1)>「"quoted" & \'single\'」',
      '[[jumpuri:evil > javascript:alert(1)]]',
      'see [[jumpuri:site > https://example.com/a?b=1&c=<2>]] now',
      '[pixivimage:5]',
      '[uploadedimage:7]',
    ].join('\n');
    const doc = readNovel(text);
    const writer = new NovelHtmlWriter(doc, {
      novel: {
        illusts: {
          '5': { visible: true, illust: { images: { medium: 'https://evil.example/x.jpg' } } },
        } as never,
        images: { '7': { urls: { original: 'javascript:alert(1)' } } } as never,
      },
      nots: false,
    });
    doc.items.forEach((item, k) => writer.add(k, item));
    const html = writer.take();
    expect(writer.finished).toBe(true);
    expect(html).not.toMatch(/<(b|img src=x)|onerror=alert\(1\)>|href="javascript|evil\.example/);
    expect(html).toContain('&#60;b&#62;第1章&#60;/b&#62;');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain(
      '<a href="https://example.com/a?b=1&#38;c=%3C2%3E" rel="noopener noreferrer nofollow" target="_blank">site</a>',
    );
    expect(html).toContain('<figure class="pv-novel-image"><a href="/artworks/5">5</a></figure>');
    expect(html).not.toContain('<figure class="pv-novel-image"><img');
  });
});
