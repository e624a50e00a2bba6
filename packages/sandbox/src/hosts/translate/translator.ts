/**
 * The deterministic "machine translation" behind every sandbox translation service: Japanese
 * prose is read by longest match against the phrase table, `第N章` becomes the target's chapter
 * word, punctuation is mapped, and anything unknown passes through unchanged, as real services
 * leave what they cannot read. pixiv markup tokens (`[newpage]`, `[chapter:…]`, `[[rb:…]]`,
 * `[pixivimage:…]`, `[uploadedimage:…]`, `[[jumpuri:…]]`, `[jump:…]`) come back byte for byte,
 * and so do line breaks. The same input always gives the same output.
 */
import { PHRASES, PUNCTUATION, type TargetLanguage } from './phrases.ts';

/** pixiv's markup: kept whole, never translated. */
export const MARKUP_PATTERN =
  /\[\[(?:rb|jumpuri):[^\]\n]*\]\]|\[(?:newpage|chapter:[^\]\n]*|pixivimage:[^\]\n]*|uploadedimage:[^\]\n]*|jump:\d+)\]/g;

const BY_FIRST_CHAR = new Map<string, { ja: string; out: Record<TargetLanguage, string> }[]>();
for (const phrase of PHRASES) {
  const list = BY_FIRST_CHAR.get(phrase.ja[0]!) ?? [];
  list.push({ ja: phrase.ja, out: phrase });
  BY_FIRST_CHAR.set(phrase.ja[0]!, list);
}
for (const list of BY_FIRST_CHAR.values()) list.sort((a, b) => b.ja.length - a.ja.length);

type Token = { kind: 'word' | 'raw' | 'space' | 'open' | 'close' | 'stop' | 'comma'; text: string };

const CHAPTER = /^第(\d+)章/;

function tokenizeProse(line: string, to: TargetLanguage): Token[] {
  const tokens: Token[] = [];
  let raw = '';
  const flush = () => {
    if (raw) tokens.push({ kind: /^\s+$/.test(raw) ? 'space' : 'raw', text: raw });
    raw = '';
  };
  for (let at = 0; at < line.length;) {
    const rest = line.slice(at);
    const chapter = CHAPTER.exec(rest);
    if (chapter) {
      flush();
      const n = chapter[1]!;
      tokens.push({ kind: 'word', text: to === 'en' ? `Chapter ${n}` : `第${n}章` });
      at += chapter[0].length;
      continue;
    }
    // A line the novel's page budget cut short ends in the first part of a phrase.
    const phrase = BY_FIRST_CHAR.get(line[at]!)?.find(
      (c) => rest.startsWith(c.ja) || c.ja.startsWith(rest),
    );
    if (phrase) {
      flush();
      tokens.push({ kind: 'word', text: phrase.out[to] });
      at += Math.min(phrase.ja.length, rest.length);
      continue;
    }
    const mark = PUNCTUATION[line[at]!];
    if (mark) {
      flush();
      const ch = line[at]!;
      const kind =
        ch === '「' ? 'open' : ch === '」' ? 'close' : '。？！'.includes(ch) ? 'stop' : 'comma';
      tokens.push({ kind, text: mark[to] });
      at += 1;
      continue;
    }
    raw += line[at]!;
    at += 1;
  }
  flush();
  return tokens;
}

/** English: words spaced, punctuation attached, each sentence capitalised. */
function joinEnglish(tokens: Token[], continues: boolean): string {
  let out = '';
  let sentenceStart = !continues;
  let prev: Token | undefined;
  for (const token of tokens) {
    let text = token.text;
    if (token.kind === 'space') {
      if (out && !out.endsWith(' ')) out += ' ';
      continue;
    }
    const starts = token.kind === 'word' || token.kind === 'raw' || token.kind === 'open';
    const spaced = prev && prev.kind !== 'open' && starts;
    if (spaced && !out.endsWith(' ')) out += ' ';
    if (token.kind === 'word' && sentenceStart && /^[a-z]/.test(text)) {
      text = text[0]!.toUpperCase() + text.slice(1);
    }
    if (token.kind === 'word' || token.kind === 'raw') sentenceStart = false;
    if (token.kind === 'stop' || /[.?!]$/.test(text)) sentenceStart = true;
    out += text;
    prev = token;
  }
  return out;
}

/** `continues`: the prose goes on from inline markup, so its first line starts no sentence. */
function translateProse(prose: string, to: TargetLanguage, continues = false): string {
  return prose
    .split('\n')
    .map((line, k) => {
      const tokens = tokenizeProse(line, to);
      if (to !== 'en') return tokens.map((t) => t.text).join('');
      return joinEnglish(tokens, continues && k === 0);
    })
    .join('\n');
}

/** Translates Japanese into `to`, keeping pixiv markup and line breaks where they were. */
export function translateText(text: string, to: TargetLanguage): string {
  // English words need a space where inline markup (ruby, links) meets the prose around it.
  const gap = (a: string, b: string) =>
    to === 'en' && /\S$/.test(a) && /^[^\s,.?!]/.test(b) ? ' ' : '';
  let out = '';
  let last = 0;
  for (const match of text.matchAll(MARKUP_PATTERN)) {
    const prose = translateProse(text.slice(last, match.index), to, last > 0);
    out += gap(out, prose) + prose;
    out += gap(out, match[0]) + match[0];
    last = match.index + match[0].length;
  }
  const tail = translateProse(text.slice(last), to, last > 0);
  return out + gap(out, tail) + tail;
}

/** Whether a text looks Japanese (kana or kanji), for services that detect the source. */
export function looksJapanese(text: string): boolean {
  return /[\u3040-\u30ff\u4e00-\u9fff]/.test(text);
}
