/**
 * Novel translation (spec 001 §7.2): `GET /api/pixiv-novel-translate/{id}.html?srv=&to=[&nots=1]
 * [&aimd=model]` on this server, read as a stream so that the AI mode's paragraphs show as they
 * arrive. The answer is HTML the screen sanitises before showing it; a failure answers JSON
 * `{error}` with a non-200 status.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { AppSettings } from '../settings/schema.ts';

export const TRANSLATE_TARGETS = ['zh-CN', 'zh-TW', 'en'] as const;
export type TranslateTarget = (typeof TRANSLATE_TARGETS)[number];

/**
 * The services offered, as the novelDefTranslate setting names them: this server's translations,
 * and Immersive Translate, which translates the text in a page of its own (immersiveTranslateUrl).
 */
export const READER_TRANSLATORS = ['ai1', 'ai2', 'ai3', 'ms', 'gg', 'yd', 'imt'] as const;
export type ReaderTranslator = (typeof READER_TRANSLATORS)[number];
export type ServerTranslator = Exclude<ReaderTranslator, 'imt'>;

/**
 * The page that loads Immersive Translate's SDK over the novel's text (spec 001 §7.4): the SDK is
 * a third-party script, so it runs there, sandboxed, never in the app's own origin.
 */
export const immersiveTranslateUrl = (id: number) => `/api/novel-imt/${id}.html`;

/** What a translator asks the server for: the service and, for the three AI models, `aimd`. */
export const TRANSLATOR_QUERY: Record<ServerTranslator, { srv: string; aimd?: string }> = {
  ai1: { srv: 'sc', aimd: 'glm' },
  ai2: { srv: 'sc', aimd: 'qwen' },
  ai3: { srv: 'sc', aimd: 'deepseek' },
  ms: { srv: 'ms' },
  gg: { srv: 'gg' },
  yd: { srv: 'yd' },
};

/**
 * A translator's name, the one text for it wherever it is offered (Preferences and the novel
 * page's translate menu): the AI models by their model names, the services by theirs.
 */
export function translatorLabel(t: TFunction, translator: AppSettings['novelDefTranslate']) {
  return t(`novel.translate.services.${translator}`);
}

/** Whether the app's language is a Chinese locale (zh-Hans, zh-Hant). */
export const isChineseLocale = (language: string) => language.startsWith('zh');

/** The setting's translator when the reader can use it ('none': Google). */
export function readerTranslator(setting: AppSettings['novelDefTranslate']): ReaderTranslator {
  return (READER_TRANSLATORS as readonly string[]).includes(setting)
    ? (setting as ReaderTranslator)
    : 'gg';
}

/** The translation's language for the app's language: Chinese as written there, else English. */
export function translateTargetFor(language: string): TranslateTarget {
  if (language === 'zh-Hant') return 'zh-TW';
  return language.startsWith('zh') ? 'zh-CN' : 'en';
}

export interface TranslateRequest {
  id: number;
  translator: ServerTranslator;
  to: TranslateTarget;
  /** Translation only, without the original lines. */
  nots: boolean;
}

export function translateUrl(r: TranslateRequest): string {
  const { srv, aimd } = TRANSLATOR_QUERY[r.translator];
  const q = new URLSearchParams({ srv, to: r.to });
  if (r.nots) q.set('nots', '1');
  if (aimd) q.set('aimd', aimd);
  return `/api/pixiv-novel-translate/${r.id}.html?${q}`;
}

/** Reads the translation, calling `onHtml` with all the HTML received so far after each chunk. */
export async function streamTranslation(
  r: TranslateRequest,
  onHtml: (html: string) => void,
  signal: AbortSignal,
  doFetch: typeof fetch = (...a) => fetch(...a),
): Promise<void> {
  const res = await doFetch(translateUrl(r), { signal, headers: { accept: 'text/html' } });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `HTTP ${res.status}`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += value;
    onHtml(html);
  }
}

export type TranslationState =
  | { status: 'idle' }
  | { status: 'loading'; html: string }
  | { status: 'done'; html: string }
  | { status: 'error'; html: string; message: string };

/** One translation at a time: starting another (or leaving) cancels the running one. */
export function useNovelTranslation() {
  const [state, setState] = useState<TranslationState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const start = useCallback((r: TranslateRequest) => {
    running.current?.abort();
    const controller = (running.current = new AbortController());
    let html = '';
    setState({ status: 'loading', html });
    streamTranslation(
      r,
      (h) => {
        html = h;
        if (!controller.signal.aborted) setState({ status: 'loading', html });
      },
      controller.signal,
    ).then(
      () => !controller.signal.aborted && setState({ status: 'done', html }),
      (e: unknown) =>
        !controller.signal.aborted &&
        setState({ status: 'error', html, message: e instanceof Error ? e.message : String(e) }),
    );
  }, []);
  const close = useCallback(() => {
    running.current?.abort();
    setState({ status: 'idle' });
  }, []);
  return { state, start, close };
}
