/**
 * The translation services behind `/api/pixiv-novel-translate` (spec 001 §7.2, §7.4): Microsoft
 * Translator v3 (`ms`), Google's translate_a/single (`gg`), Youdao (`yd`) and an
 * OpenAI-compatible chat completion (`sc`, SiliconFlow's three models), streamed in the AI mode.
 * Each takes lines and gives back exactly one translated line per line, in batches each service
 * accepts; a service that answers anything else is a failure, never a silently shifted text.
 */
import { HTTP_TIMEOUT_MS } from '@pv/core';

export const TRANSLATE_SERVICES = ['sc', 'ms', 'gg', 'yd'] as const;
export type TranslateService = (typeof TRANSLATE_SERVICES)[number];
export const TRANSLATE_TARGETS = ['zh-CN', 'zh-TW', 'en'] as const;
export type TranslateTarget = (typeof TRANSLATE_TARGETS)[number];

/** `aimd` values: the three AI models (spec 001 §7.4); `1` picks the first. */
export const AI_MODELS: Readonly<Record<string, string>> = {
  glm: 'THUDM/GLM-4-9B-0414',
  qwen: 'Qwen/Qwen3-8B',
  deepseek: 'deepseek-ai/DeepSeek-V3',
};
export const DEFAULT_AI_MODEL = 'glm';

/** The public services; the sandbox stands in for them unless configured otherwise. */
export const PUBLIC_TRANSLATE_HOSTS: Readonly<TranslateHosts> = Object.freeze({
  microsoft: 'https://api.cognitive.microsofttranslator.com',
  google: 'https://translate.googleapis.com',
  youdao: 'https://fanyi.youdao.com',
  ai: 'https://api.siliconflow.cn',
  immersive: 'https://download.immersivetranslate.com',
});

export interface TranslateHosts {
  microsoft: string;
  google: string;
  youdao: string;
  ai: string;
  /** Where Immersive Translate's JS SDK is loaded from (by the browser, never by this server). */
  immersive: string;
}

export interface TranslateConfig {
  hosts: TranslateHosts;
  /** Ocp-Apim-Subscription-Key (and its region) for Microsoft Translator. */
  microsoftKey?: string;
  microsoftRegion?: string;
  /** Bearer key of the chat completion service. */
  aiKey?: string;
  /** Per request; for a stream, the longest silence. Default 20 s. */
  timeoutMs?: number;
}

/** Batch limits, below what each service accepts (Microsoft 1000 elements and 50,000 characters, Google and Youdao 5000 characters). */
export const BATCH_LIMITS: Readonly<Record<TranslateService, { chars: number; lines: number }>> = {
  ms: { chars: 10_000, lines: 100 },
  gg: { chars: 4_500, lines: 500 },
  yd: { chars: 4_500, lines: 500 },
  sc: { chars: 8_000, lines: 400 },
};

export class TranslateFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'failed' | 'aborted',
    message: string,
  ) {
    super(message);
  }
}

export interface TranslateOptions {
  service: TranslateService;
  to: TranslateTarget;
  /** A key of AI_MODELS, for `sc`. */
  model?: string;
  /** Stream the chat completion (the AI mode). */
  stream?: boolean;
  /** Called for each translated line, in order, as soon as it is known. */
  onLine: (index: number, text: string) => void;
  /** Called once the first service request has been accepted. */
  onOpen?: () => void;
  /** Aborts everything (the client went away). */
  signal?: AbortSignal;
}

/** Consecutive ranges of lines that fit one request each. */
export function batches(lines: readonly string[], limit: { chars: number; lines: number }) {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  let chars = 0;
  for (let i = 0; i < lines.length; i++) {
    const size = lines[i]!.length + 1;
    if (i > start && (chars + size > limit.chars || i - start >= limit.lines)) {
      out.push({ start, end: i });
      start = i;
      chars = 0;
    }
    chars += size;
  }
  if (start < lines.length) out.push({ start, end: lines.length });
  return out;
}

const LANGUAGE_NAMES: Record<TranslateTarget, string> = {
  'zh-CN': 'Simplified Chinese',
  'zh-TW': 'Traditional Chinese',
  en: 'English',
};
const MICROSOFT_CODES: Record<TranslateTarget, string> = {
  'zh-CN': 'zh-Hans',
  'zh-TW': 'zh-Hant',
  en: 'en',
};
/** Youdao's free endpoint has no Traditional Chinese. */
export const YOUDAO_TYPES: Partial<Record<TranslateTarget, string>> = {
  'zh-CN': 'JA2ZH_CN',
  en: 'JA2EN',
};

export function systemPrompt(to: TranslateTarget): string {
  return (
    `You translate Japanese novels into ${LANGUAGE_NAMES[to]}. Translate the user's text line by ` +
    'line: answer exactly one line for each line, in the same order, and nothing else. Keep ' +
    'anything in square brackets unchanged.'
  );
}

interface Call {
  url: string;
  init: RequestInit;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** One request; its failures become TranslateFailure. */
async function request({ url, init, timeoutMs, signal }: Call): Promise<Response> {
  const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.any(signals) });
  } catch (error) {
    throw failureOf(error, signal);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new TranslateFailure('failed', `answered ${res.status} ${text.slice(0, 200)}`.trim());
  }
  return res;
}

function failureOf(error: unknown, signal?: AbortSignal): TranslateFailure {
  if (error instanceof TranslateFailure) return error;
  if (signal?.aborted) return new TranslateFailure('aborted', 'the client went away');
  if ((error as Error)?.name === 'TimeoutError') {
    return new TranslateFailure('timeout', 'did not answer in time');
  }
  return new TranslateFailure('failed', (error as Error)?.message ?? String(error));
}

async function json<T>(res: Response, signal?: AbortSignal): Promise<T> {
  try {
    return (await res.json()) as T;
  } catch (error) {
    if (signal?.aborted || (error as Error)?.name === 'TimeoutError')
      throw failureOf(error, signal);
    throw new TranslateFailure('failed', 'answered something that is not JSON');
  }
}

function expectLines(got: unknown, want: number): string[] {
  if (!Array.isArray(got) || got.length !== want || !got.every((l) => typeof l === 'string')) {
    throw new TranslateFailure(
      'failed',
      `answered ${Array.isArray(got) ? got.length : 'no'} lines for ${want}`,
    );
  }
  return got as string[];
}

type BatchTranslator = (
  lines: string[],
  opts: TranslateOptions,
  first: () => void,
) => Promise<string[]>;

function microsoft(config: TranslateConfig, timeoutMs: number): BatchTranslator {
  return async (lines, opts, first) => {
    const params = new URLSearchParams({
      'api-version': '3.0',
      from: 'ja',
      to: MICROSOFT_CODES[opts.to],
    });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (config.microsoftKey) headers['ocp-apim-subscription-key'] = config.microsoftKey;
    if (config.microsoftRegion) headers['ocp-apim-subscription-region'] = config.microsoftRegion;
    const res = await request({
      url: `${config.hosts.microsoft}/translate?${params}`,
      init: { method: 'POST', headers, body: JSON.stringify(lines.map((Text) => ({ Text }))) },
      timeoutMs,
      signal: opts.signal,
    });
    first();
    const body = await json<{ translations?: { text?: unknown }[] }[]>(res, opts.signal);
    return expectLines(
      Array.isArray(body) ? body.map((e) => e?.translations?.[0]?.text) : null,
      lines.length,
    );
  };
}

function google(config: TranslateConfig, timeoutMs: number): BatchTranslator {
  return async (lines, opts, first) => {
    const params = new URLSearchParams({ client: 'gtx', sl: 'ja', tl: opts.to, dt: 't' });
    const res = await request({
      url: `${config.hosts.google}/translate_a/single?${params}`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ q: lines.join('\n') }).toString(),
      },
      timeoutMs,
      signal: opts.signal,
    });
    first();
    const body = await json<unknown[]>(res, opts.signal);
    const sentences =
      Array.isArray(body) && Array.isArray(body[0]) ? (body[0] as unknown[][]) : null;
    if (!sentences) throw new TranslateFailure('failed', 'answered no sentences');
    const text = sentences
      .map((s) => (Array.isArray(s) && typeof s[0] === 'string' ? s[0] : ''))
      .join('');
    return expectLines(
      text.split('\n').map((l) => l.trimEnd()),
      lines.length,
    );
  };
}

function youdao(config: TranslateConfig, timeoutMs: number): BatchTranslator {
  return async (lines, opts, first) => {
    const type = YOUDAO_TYPES[opts.to];
    if (!type) throw new TranslateFailure('failed', `cannot translate into ${opts.to}`);
    const res = await request({
      url: `${config.hosts.youdao}/translate?smartresult=dict&smartresult=rule&doctype=json`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ i: lines.join('\n'), type, doctype: 'json' }).toString(),
      },
      timeoutMs,
      signal: opts.signal,
    });
    first();
    const body = await json<{ errorCode?: unknown; translateResult?: { tgt?: unknown }[][] }>(
      res,
      opts.signal,
    );
    if (body?.errorCode !== 0 || !Array.isArray(body.translateResult)) {
      throw new TranslateFailure('failed', `answered errorCode ${String(body?.errorCode)}`);
    }
    return expectLines(
      body.translateResult.map((p) =>
        Array.isArray(p) ? p.map((s) => String(s?.tgt ?? '')).join('') : null,
      ),
      lines.length,
    );
  };
}

function ai(config: TranslateConfig, timeoutMs: number): BatchTranslator {
  return async (lines, opts, first) => {
    const model = AI_MODELS[opts.model ?? DEFAULT_AI_MODEL] ?? AI_MODELS[DEFAULT_AI_MODEL]!;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (config.aiKey) headers.authorization = `Bearer ${config.aiKey}`;
    const body = JSON.stringify({
      model,
      stream: opts.stream === true,
      temperature: 0.3,
      messages: [
        { role: 'system', content: systemPrompt(opts.to) },
        { role: 'user', content: lines.join('\n') },
      ],
    });
    const url = `${config.hosts.ai}/v1/chat/completions`;
    if (!opts.stream) {
      const res = await request({
        url,
        init: { method: 'POST', headers, body },
        timeoutMs,
        signal: opts.signal,
      });
      first();
      const answer = await json<{ choices?: { message?: { content?: unknown } }[] }>(
        res,
        opts.signal,
      );
      const content = answer?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new TranslateFailure('failed', 'answered no content');
      return expectLines(content.replace(/\n+$/, '').split('\n'), lines.length);
    }
    return streamCompletion({ url, headers, body, lines: lines.length, timeoutMs, opts, first });
  };
}

/**
 * Reads an OpenAI-style event stream, handing out each line of the answer as soon as its line
 * break arrives. The timeout is the longest silence between events, not the whole answer.
 */
async function streamCompletion(s: {
  url: string;
  headers: Record<string, string>;
  body: string;
  lines: number;
  timeoutMs: number;
  opts: TranslateOptions;
  first: () => void;
}): Promise<string[]> {
  const idle = new AbortController();
  let timer = setTimeout(() => idle.abort(), s.timeoutMs);
  const signal = AbortSignal.any([idle.signal, ...(s.opts.signal ? [s.opts.signal] : [])]);
  const out: string[] = [];
  let pending = '';
  const line = (text: string) => {
    if (out.length >= s.lines)
      throw new TranslateFailure('failed', `answered more than ${s.lines} lines`);
    out.push(text);
    s.opts.onLine(out.length - 1, text);
  };
  try {
    let res: Response;
    try {
      res = await fetch(s.url, {
        method: 'POST',
        headers: s.headers,
        body: s.body,
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      throw idle.signal.aborted
        ? new TranslateFailure('timeout', 'did not answer in time')
        : failureOf(error, s.opts.signal);
    }
    if (!res.ok || !res.body) {
      const text = await res.text().catch(() => '');
      throw new TranslateFailure('failed', `answered ${res.status} ${text.slice(0, 200)}`.trim());
    }
    s.first();
    const decoder = new TextDecoder();
    let events = '';
    let done = false;
    const reader = res.body.getReader();
    while (!done) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw idle.signal.aborted
          ? new TranslateFailure('timeout', 'went quiet')
          : failureOf(error, s.opts.signal);
      }
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(), s.timeoutMs);
      if (chunk.done) break;
      events += decoder.decode(chunk.value, { stream: true }).replace(/\r\n/g, '\n');
      let cut: number;
      while ((cut = events.indexOf('\n\n')) >= 0) {
        const event = events.slice(0, cut);
        events = events.slice(cut + 2);
        const data = event
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join('');
        if (!data) continue;
        if (data === '[DONE]') {
          done = true;
          break;
        }
        let parsed: { choices?: { delta?: { content?: unknown } }[] };
        try {
          parsed = JSON.parse(data) as typeof parsed;
        } catch {
          throw new TranslateFailure('failed', 'sent an event that is not JSON');
        }
        const delta = parsed.choices?.[0]?.delta?.content;
        if (typeof delta !== 'string') continue;
        pending += delta;
        let nl: number;
        while ((nl = pending.indexOf('\n')) >= 0) {
          line(pending.slice(0, nl));
          pending = pending.slice(nl + 1);
        }
      }
    }
    if (pending || out.length < s.lines) line(pending);
    if (out.length !== s.lines)
      throw new TranslateFailure('failed', `answered ${out.length} lines for ${s.lines}`);
    await reader.cancel().catch(() => {});
    return out;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Translates `lines` (none holding a line break) through one service, batch after batch,
 * calling `onLine` for every line in order. Throws TranslateFailure.
 */
export async function translateLines(
  config: TranslateConfig,
  lines: readonly string[],
  opts: TranslateOptions,
): Promise<void> {
  const timeoutMs = config.timeoutMs ?? HTTP_TIMEOUT_MS;
  const translator = { ms: microsoft, gg: google, yd: youdao, sc: ai }[opts.service](
    config,
    timeoutMs,
  );
  let opened = false;
  const first = () => {
    if (!opened) opts.onOpen?.();
    opened = true;
  };
  for (const { start, end } of batches(lines, BATCH_LIMITS[opts.service])) {
    const batch = lines.slice(start, end);
    const streamed = opts.stream && opts.service === 'sc';
    const result = await translator(
      batch,
      { ...opts, onLine: streamed ? (k, text) => opts.onLine(start + k, text) : () => {} },
      first,
    );
    if (!streamed) result.forEach((text, k) => opts.onLine(start + k, text));
  }
  if (lines.length === 0) first();
}
