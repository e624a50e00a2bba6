/**
 * The translation services the novel translator calls, each shaped like the real public API it
 * stands for, all backed by the same deterministic translator (translator.ts):
 *
 * - api.cognitive.microsofttranslator.com: Microsoft Translator v3, `POST /translate?api-version=3.0
 *   &from=ja&to=zh-Hans` with a JSON array of `{Text}` (1000 elements, 50,000 characters),
 *   answering `[{translations: [{text, to}]}]`, errors as `{error: {code, message}}`.
 * - translate.googleapis.com: Google's `translate_a/single?client=gtx&sl=ja&tl=zh-CN&dt=t`, with
 *   `q` in the query or a form body (5000 characters), answering nested arrays whose first item
 *   lists `[translated, original, null, null, 10]` per sentence.
 * - fanyi.youdao.com: Youdao's `translate?doctype=json` with a form `i` and `type` (JA2ZH_CN,
 *   JA2EN, AUTO), answering `{type, errorCode, elapsedTime, translateResult: [[{src, tgt}]]}` with
 *   one entry per line.
 * - api.siliconflow.cn: an OpenAI-compatible `POST /v1/chat/completions` (SiliconFlow) with three
 *   models, a bearer key, and `stream: true` answered as text/event-stream chunks ending in
 *   `data: [DONE]`. The target language is read from the system prompt.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { TargetLanguage } from './phrases.ts';
import { registerImmersiveSdk } from './immersive-sdk.ts';
import { looksJapanese, translateText } from './translator.ts';

export const TRANSLATE_HOSTS = {
  microsoft: 'api.cognitive.microsofttranslator.com',
  google: 'translate.googleapis.com',
  youdao: 'fanyi.youdao.com',
  ai: 'api.siliconflow.cn',
  /** Immersive Translate's JS SDK (a page script, not an API): see immersive-sdk.ts. */
  immersive: 'download.immersivetranslate.com',
} as const;

export type TranslateHosts = Record<keyof typeof TRANSLATE_HOSTS, string>;

/** The base URL of each translation service when the sandbox runs at `baseUrl`. */
export function sandboxTranslateHosts(baseUrl: string): TranslateHosts {
  const base = baseUrl.replace(/\/$/, '');
  return {
    microsoft: `${base}/${TRANSLATE_HOSTS.microsoft}`,
    google: `${base}/${TRANSLATE_HOSTS.google}`,
    youdao: `${base}/${TRANSLATE_HOSTS.youdao}`,
    ai: `${base}/${TRANSLATE_HOSTS.ai}`,
    immersive: `${base}/${TRANSLATE_HOSTS.immersive}`,
  };
}

export const MICROSOFT_MAX_ELEMENTS = 1_000;
export const MICROSOFT_MAX_CHARS = 50_000;
export const GOOGLE_MAX_CHARS = 5_000;
export const YOUDAO_MAX_CHARS = 5_000;
/** The prompt a chat completion accepts, in characters (a stand-in for the token window). */
export const AI_MAX_PROMPT_CHARS = 32_000;
export const AI_MODELS = ['THUDM/GLM-4-9B-0414', 'Qwen/Qwen3-8B', 'deepseek-ai/DeepSeek-V3'];
/** Characters per streamed chunk of a chat completion. */
export const AI_STREAM_CHUNK_CHARS = 48;
/** Milliseconds between the streamed chunks of a chat completion. */
export const AI_STREAM_CHUNK_MS = 5;

const MICROSOFT_LANGUAGES: Record<string, TargetLanguage> = {
  'zh-Hans': 'zh-CN',
  'zh-Hant': 'zh-TW',
  en: 'en',
};
const GOOGLE_LANGUAGES: Record<string, TargetLanguage> = {
  'zh-CN': 'zh-CN',
  zh: 'zh-CN',
  'zh-TW': 'zh-TW',
  en: 'en',
};
const YOUDAO_TYPES: Record<string, TargetLanguage> = {
  AUTO: 'zh-CN',
  JA2ZH_CN: 'zh-CN',
  JA2EN: 'en',
};

function msError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

type Query = Record<string, string | undefined>;

function registerMicrosoft(app: FastifyInstance): void {
  app.post('/translate', async (req, reply) => {
    const q = req.query as Query;
    if (q['api-version'] !== '3.0') {
      return msError(reply, 400, 400021, 'The API version parameter is missing or invalid.');
    }
    const to = MICROSOFT_LANGUAGES[q.to ?? ''];
    if (!to) {
      return msError(reply, 400, 400036, 'The target language ("To" field) is missing or invalid.');
    }
    if (q.from !== undefined && q.from !== 'ja') {
      return msError(reply, 400, 400035, 'The source language ("From" field) is invalid.');
    }
    const body = req.body as unknown;
    if (
      !Array.isArray(body) ||
      body.length === 0 ||
      !body.every((e) => typeof (e as { Text?: unknown })?.Text === 'string')
    ) {
      return msError(reply, 400, 400000, 'One of the request inputs is not valid.');
    }
    const texts = (body as { Text: string }[]).map((e) => e.Text);
    if (texts.length > MICROSOFT_MAX_ELEMENTS) {
      return msError(reply, 400, 400077, 'The maximum request size has been exceeded.');
    }
    if (texts.reduce((n, t) => n + t.length, 0) > MICROSOFT_MAX_CHARS) {
      return msError(reply, 400, 400050, 'The input text is too long.');
    }
    return texts.map((text) => ({
      ...(q.from
        ? {}
        : { detectedLanguage: { language: looksJapanese(text) ? 'ja' : 'en', score: 1 } }),
      translations: [{ text: translateText(text, to), to: q.to }],
    }));
  });
}

/** Sentences as Google cuts them: after 。？！ (and a closing 」), and after each line break. */
function sentences(text: string): string[] {
  return text.match(/[^。？！\n]*(?:[。？！]+」?\n?|\n)|[^。？！\n]+/g) ?? [];
}

function registerGoogle(app: FastifyInstance): void {
  const handler = async (req: { query: unknown; body: unknown }, reply: FastifyReply) => {
    const q = { ...(req.query as Query), ...((req.body ?? {}) as Query) };
    const to = GOOGLE_LANGUAGES[q.tl ?? ''];
    const html = (title: string) =>
      `<html><head><title>Error ${title}</title></head><body><p><b>${title}.</b> That’s an error.</p></body></html>`;
    if (q.client !== 'gtx' || !to || (q.sl !== undefined && !['ja', 'auto'].includes(q.sl))) {
      return reply.code(400).type('text/html; charset=UTF-8').send(html('400 (Bad Request)'));
    }
    const text = q.q ?? '';
    if (text.length > GOOGLE_MAX_CHARS) {
      return reply
        .code(413)
        .type('text/html; charset=UTF-8')
        .send(html('413 (Request Entity Too Large)'));
    }
    const cut = sentences(text);
    // Google's English sentences carry the space that follows them.
    const spaced = (out: string, k: number) =>
      to === 'en' && k < cut.length - 1 && !/\s$/.test(out) ? `${out} ` : out;
    const parts = cut.map((s, k) => [spaced(translateText(s, to), k), s, null, null, 10]);
    const source = q.sl === 'ja' || looksJapanese(text) ? 'ja' : 'en';
    return reply
      .type('application/json; charset=utf-8')
      .send([parts, null, source, null, null, null, 1, [], [[source], null, [1], [source]]]);
  };
  app.get('/translate_a/single', handler);
  app.post('/translate_a/single', handler);
}

function registerYoudao(app: FastifyInstance): void {
  const handler = async (req: { query: unknown; body: unknown }) => {
    const q = { ...(req.query as Query), ...((req.body ?? {}) as Query) };
    const type = q.type ?? 'AUTO';
    const to = YOUDAO_TYPES[type];
    if (!to) return { type, errorCode: 40, elapsedTime: 0 };
    const text = q.i ?? '';
    if (text.length > YOUDAO_MAX_CHARS) return { type, errorCode: 20, elapsedTime: 0 };
    const resolved = type === 'AUTO' ? 'JA2ZH_CN' : type;
    return {
      type: resolved,
      errorCode: 0,
      elapsedTime: 1,
      translateResult: text
        .split('\n')
        .map((line) => [{ src: line, tgt: translateText(line, to) }]),
    };
  };
  app.get('/translate', handler);
  app.post('/translate', handler);
}

interface ChatRequest {
  model?: unknown;
  messages?: { role?: unknown; content?: unknown }[];
  stream?: unknown;
}

/** The language a translation prompt asks for. */
export function promptLanguage(system: string): TargetLanguage {
  if (/Traditional Chinese|繁體|繁体/i.test(system)) return 'zh-TW';
  if (/English|英文|英语/i.test(system)) return 'en';
  return 'zh-CN';
}

function registerAi(app: FastifyInstance, clock: () => number): void {
  let sequence = 0;
  app.post('/v1/chat/completions', async (req, reply) => {
    if (!/^Bearer \S+$/.test(req.headers.authorization ?? '')) {
      return reply.code(401).send({ code: 20003, message: 'Invalid token', data: null });
    }
    const body = (req.body ?? {}) as ChatRequest;
    const model = typeof body.model === 'string' ? body.model : '';
    if (!AI_MODELS.includes(model)) {
      return reply.code(400).send({
        code: 20012,
        message: 'Model does not exist. Please check it carefully.',
        data: null,
      });
    }
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const text = (role: string) =>
      messages
        .filter((m) => m?.role === role && typeof m.content === 'string')
        .map((m) => m.content as string);
    const user = text('user').at(-1);
    if (user === undefined) {
      return reply
        .code(400)
        .send({ code: 20015, message: 'messages: a user message is required', data: null });
    }
    const prompt = messages.reduce((n, m) => n + String(m?.content ?? '').length, 0);
    if (prompt > AI_MAX_PROMPT_CHARS) {
      return reply.code(413).send({
        code: 20015,
        message: `length of prompt_tokens (${prompt}) must be less than max_seq_len (${AI_MAX_PROMPT_CHARS}).`,
        data: null,
      });
    }
    const output = translateText(user, promptLanguage(text('system').join('\n')));
    const id = `sandbox-${++sequence}`;
    const created = Math.floor(clock() / 1000);
    const usage = {
      prompt_tokens: prompt,
      completion_tokens: output.length,
      total_tokens: prompt + output.length,
    };
    if (body.stream !== true) {
      return {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          { index: 0, message: { role: 'assistant', content: output }, finish_reason: 'stop' },
        ],
        usage,
      };
    }
    const chunk = (delta: object, finish: string | null, extra: object = {}) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
        ...extra,
      })}\n\n`;
    async function* events() {
      yield chunk({ role: 'assistant', content: '' }, null);
      for (let at = 0; at < output.length; at += AI_STREAM_CHUNK_CHARS) {
        // One event every few milliseconds, as a model emits tokens over time: back to back, a
        // busy client could read the whole answer in one go and never show a stream.
        await new Promise((resolve) => setTimeout(resolve, AI_STREAM_CHUNK_MS));
        yield chunk({ content: output.slice(at, at + AI_STREAM_CHUNK_CHARS) }, null);
      }
      yield chunk({}, 'stop', { usage });
      yield 'data: [DONE]\n\n';
    }
    return reply
      .type('text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(Readable.from(events()));
  });
}

/**
 * Registers the four services, each under its host's prefix. `clock` (epoch ms, the sandbox's)
 * stamps the AI answers' `created`.
 */
export function registerTranslate(app: FastifyInstance, clock: () => number): void {
  app.register(async (scope) => registerMicrosoft(scope), {
    prefix: `/${TRANSLATE_HOSTS.microsoft}`,
  });
  app.register(async (scope) => registerGoogle(scope), { prefix: `/${TRANSLATE_HOSTS.google}` });
  app.register(async (scope) => registerYoudao(scope), { prefix: `/${TRANSLATE_HOSTS.youdao}` });
  app.register(async (scope) => registerAi(scope, clock), { prefix: `/${TRANSLATE_HOSTS.ai}` });
  app.register(async (scope) => registerImmersiveSdk(scope), {
    prefix: `/${TRANSLATE_HOSTS.immersive}`,
  });
}
