import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../index.ts';
import { TEST_NOW } from '../../test-helpers.ts';
import { novelText } from '../../data/novel-text.ts';
import {
  ACTIONS,
  CHAPTER_TITLES,
  PLACES,
  RUBY_WORDS,
  SPEECH,
  SUBJECTS,
} from '../../data/novel-words.ts';
import {
  AI_MAX_PROMPT_CHARS,
  AI_MODELS,
  GOOGLE_MAX_CHARS,
  MICROSOFT_MAX_CHARS,
  MICROSOFT_MAX_ELEMENTS,
  YOUDAO_MAX_CHARS,
  sandboxTranslateHosts,
  type TranslateHosts,
} from './index.ts';
import { TARGET_LANGUAGES } from './phrases.ts';
import { MARKUP_PATTERN, translateText } from './translator.ts';

let sb: RunningSandbox;
let hosts: TranslateHosts;
beforeAll(async () => {
  sb = await startSandbox({ now: TEST_NOW, faults: [], warmMedia: false });
  hosts = sandboxTranslateHosts(sb.baseUrl);
});
afterAll(() => sb.close());

const KANA = /[\u3040-\u30ff]/;
const withoutMarkup = (text: string) => text.replace(MARKUP_PATTERN, '');
const markup = (text: string) => [...text.matchAll(MARKUP_PATTERN)].map((m) => m[0]);

/** Novels whose texts use every kind of markup between them. */
function sampleTexts(): string[] {
  const texts: string[] = [];
  const wanted = [
    '[newpage]',
    '[chapter:',
    '[[rb:',
    '[pixivimage:',
    '[uploadedimage:',
    '[[jumpuri:',
  ];
  const seen = new Set<string>();
  for (let i = 0; i < sb.state.novels.count && seen.size < wanted.length; i += 7) {
    const novel = sb.state.novels.at(i);
    if (novel.textLength > 12_000) continue;
    const text = novelText(sb.state.novels, novel).text;
    const adds = wanted.filter((w) => text.includes(w) && !seen.has(w));
    if (adds.length === 0 && texts.length >= 3) continue;
    adds.forEach((w) => seen.add(w));
    texts.push(text);
  }
  expect([...seen].sort()).toEqual([...wanted].sort());
  return texts;
}

describe('the translator', () => {
  it('has every word of the generated prose in its table', () => {
    const words = [
      ...SUBJECTS,
      ...PLACES.filter(Boolean),
      ...ACTIONS,
      ...SPEECH,
      ...CHAPTER_TITLES,
      ...RUBY_WORDS.map(([base]) => base),
    ];
    for (const to of TARGET_LANGUAGES) {
      for (const word of words)
        expect(translateText(word, to), `${word} → ${to}`).not.toMatch(KANA);
    }
  });

  it('translates whole novels: no kana left, markup and lines kept, the same every time', () => {
    for (const text of sampleTexts()) {
      for (const to of TARGET_LANGUAGES) {
        const out = translateText(text, to);
        expect(withoutMarkup(out)).not.toMatch(KANA);
        expect(markup(out)).toEqual(markup(text));
        expect(out.split('\n').length).toBe(text.split('\n').length);
        expect(translateText(text, to)).toBe(out);
      }
    }
  });

  it('reads a sentence into each language', () => {
    const ja =
      '彼女は屋上で[[rb:黄昏 > たそがれ]]の中で静かに空を見上げた。「君の番だよ」\n第2章 再会';
    expect(translateText(ja, 'zh-CN')).toBe(
      '她在屋顶上[[rb:黄昏 > たそがれ]]之中静静地仰望天空。“轮到你了”\n第2章 重逢',
    );
    expect(translateText(ja, 'zh-TW')).toBe(
      '她在屋頂上[[rb:黄昏 > たそがれ]]之中靜靜地仰望天空。「輪到你了」\n第2章 重逢',
    );
    expect(translateText(ja, 'en')).toBe(
      'She on the rooftop [[rb:黄昏 > たそがれ]] within it quietly looked up at the sky. "It is your turn"\nChapter 2 reunion',
    );
  });
});

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('Microsoft Translator v3', () => {
  const url = (qs: string) => `${hosts.microsoft}/translate?${qs}`;

  it('translates each element, with the detected language when no source is named', async () => {
    const res = await fetch(
      url('api-version=3.0&from=ja&to=zh-Hans'),
      json([{ Text: '僕は屋上で' }, { Text: '君の番だよ' }]),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { translations: [{ text: '我在屋顶上', to: 'zh-Hans' }] },
      { translations: [{ text: '轮到你了', to: 'zh-Hans' }] },
    ]);
    const auto = await fetch(url('api-version=3.0&to=zh-Hant'), json([{ Text: '姉は' }]));
    expect(await auto.json()).toEqual([
      {
        detectedLanguage: { language: 'ja', score: 1 },
        translations: [{ text: '姐姐', to: 'zh-Hant' }],
      },
    ]);
  });

  it('answers its error codes', async () => {
    const error = async (res: Response) => ({
      status: res.status,
      code: ((await res.json()) as { error: { code: number } }).error.code,
    });
    expect(await error(await fetch(url('to=en'), json([{ Text: 'a' }])))).toEqual({
      status: 400,
      code: 400021,
    });
    expect(await error(await fetch(url('api-version=3.0&to=xx'), json([{ Text: 'a' }])))).toEqual({
      status: 400,
      code: 400036,
    });
    expect(
      await error(await fetch(url('api-version=3.0&from=ko&to=en'), json([{ Text: 'a' }]))),
    ).toEqual({ status: 400, code: 400035 });
    expect(await error(await fetch(url('api-version=3.0&to=en'), json({ Text: 'a' })))).toEqual({
      status: 400,
      code: 400000,
    });
    const many = Array.from({ length: MICROSOFT_MAX_ELEMENTS + 1 }, () => ({ Text: 'a' }));
    expect(await error(await fetch(url('api-version=3.0&to=en'), json(many)))).toEqual({
      status: 400,
      code: 400077,
    });
    expect((await fetch(url('api-version=3.0&to=en'), json(many.slice(1)))).status).toBe(200);
    const long = [{ Text: 'a'.repeat(MICROSOFT_MAX_CHARS) }, { Text: 'b' }];
    expect(await error(await fetch(url('api-version=3.0&to=en'), json(long)))).toEqual({
      status: 400,
      code: 400050,
    });
  });
});

describe('Google translate_a/single', () => {
  const text = '僕は屋上で小さく息をついた。「ねえ、聞こえる？」\n姉は古い地図を広げた。';

  it('answers sentences as [translated, original, null, null, 10], by GET and by form POST', async () => {
    const get = await fetch(
      `${hosts.google}/translate_a/single?${new URLSearchParams({ client: 'gtx', sl: 'ja', tl: 'zh-CN', dt: 't', q: text })}`,
    );
    expect(get.status).toBe(200);
    const body = (await get.json()) as [[string, string, null, null, number][], null, string];
    expect(body[0].map((s) => s[1])).toEqual([
      '僕は屋上で小さく息をついた。',
      '「ねえ、聞こえる？」\n',
      '姉は古い地図を広げた。',
    ]);
    expect(body[0].map((s) => s[0]).join('')).toBe(translateText(text, 'zh-CN'));
    expect(body[0][0]!.slice(2)).toEqual([null, null, 10]);
    expect(body[2]).toBe('ja');
    const post = await fetch(
      `${hosts.google}/translate_a/single?client=gtx&sl=ja&tl=en&dt=t`,
      form({ q: text }),
    );
    const posted = (await post.json()) as [[string, string][]];
    expect(posted[0].map((s) => s[0]).join('')).toBe(translateText(text, 'en'));
  });

  it('refuses a bad language with 400 and more than 5000 characters with 413', async () => {
    const base = `${hosts.google}/translate_a/single?client=gtx&sl=ja&dt=t`;
    expect((await fetch(`${base}&tl=xx`, form({ q: 'a' }))).status).toBe(400);
    expect((await fetch(`${base}&tl=en`, form({ q: 'a'.repeat(GOOGLE_MAX_CHARS) }))).status).toBe(
      200,
    );
    const over = await fetch(`${base}&tl=en`, form({ q: 'a'.repeat(GOOGLE_MAX_CHARS + 1) }));
    expect(over.status).toBe(413);
    expect(over.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('Youdao translate', () => {
  it('answers one paragraph per line', async () => {
    const res = await fetch(
      `${hosts.youdao}/translate?doctype=json`,
      form({ i: '騎士は\n\n君の番だよ', type: 'JA2ZH_CN' }),
    );
    expect(await res.json()).toEqual({
      type: 'JA2ZH_CN',
      errorCode: 0,
      elapsedTime: 1,
      translateResult: [
        [{ src: '騎士は', tgt: '骑士' }],
        [{ src: '', tgt: '' }],
        [{ src: '君の番だよ', tgt: '轮到你了' }],
      ],
    });
  });

  it('answers errorCode 40 for an unknown type and 20 for a long text', async () => {
    const ask = async (fields: Record<string, string>) =>
      (
        (await (await fetch(`${hosts.youdao}/translate?doctype=json`, form(fields))).json()) as {
          errorCode: number;
        }
      ).errorCode;
    expect(await ask({ i: 'a', type: 'JA2KO' })).toBe(40);
    expect(await ask({ i: 'a'.repeat(YOUDAO_MAX_CHARS), type: 'JA2EN' })).toBe(0);
    expect(await ask({ i: 'a'.repeat(YOUDAO_MAX_CHARS + 1), type: 'JA2EN' })).toBe(20);
  });
});

describe('the AI chat completion (SiliconFlow)', () => {
  const ask = (body: object, key: string | null = 'sk-sandbox') =>
    fetch(`${hosts.ai}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const messages = (user: string, system = 'Translate the novel into Simplified Chinese.') => [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];

  it('answers a completion in the language the prompt asks for', async () => {
    const res = await ask({ model: AI_MODELS[0], messages: messages('旅人は港の灯台の下で') });
    const body = (await res.json()) as {
      object: string;
      choices: { message: { content: string }; finish_reason: string }[];
    };
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0]!.message.content).toBe('旅人在港口的灯塔下');
    expect(body.choices[0]!.finish_reason).toBe('stop');
    const en = await ask({
      model: AI_MODELS[2],
      messages: messages('旅人は', 'Translate into English.'),
    });
    expect(
      ((await en.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message
        .content,
    ).toBe('The traveller');
  });

  it('streams chunks that add up to the translation, then [DONE]', async () => {
    const text = sampleTexts()[0]!.slice(0, 2_000);
    const res = await ask({
      model: AI_MODELS[1],
      stream: true,
      messages: messages(text, 'Translate into Traditional Chinese.'),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let raw = '';
    let reads = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      reads++;
      raw += decoder.decode(value, { stream: true });
    }
    expect(reads).toBeGreaterThan(3);
    const events = raw.split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map(
      (e) =>
        JSON.parse(e.replace(/^data: /, '')) as {
          object: string;
          choices: { delta: { content?: string }; finish_reason: string | null }[];
        },
    );
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.map((c) => c.choices[0]!.delta.content ?? '').join('')).toBe(
      translateText(text, 'zh-TW'),
    );
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
  });

  it('refuses a missing key, an unknown model and an over-long prompt', async () => {
    expect((await ask({ model: AI_MODELS[0], messages: messages('a') }, null)).status).toBe(401);
    const unknown = await ask({ model: 'gpt-9', messages: messages('a') });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { code: number }).code).toBe(20012);
    const long = await ask({
      model: AI_MODELS[0],
      messages: [{ role: 'user', content: 'a'.repeat(AI_MAX_PROMPT_CHARS + 1) }],
    });
    expect(long.status).toBe(413);
  });
});
