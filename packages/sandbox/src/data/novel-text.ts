/**
 * Novel texts, generated on demand in pixiv's markup (pixiv-upstream.md §1.2 webview):
 * `[newpage]`, `[chapter:…]`, `[[rb:漢字 > かな]]`, `[pixivimage:<illust id>(-<page>)]`,
 * `[uploadedimage:<id>]`, `[[jumpuri:text > url]]` and `[jump:<page>]`. The text has exactly
 * `novel.textLength` visible characters (markup and line breaks excluded, ruby counted by its
 * base, a chapter by its title, a link by its text) over `novel.pageCount` pages.
 */
import { Rng } from '../rng.ts';
import { ACTIONS, CHAPTER_TITLES, PLACES, RUBY_WORDS, SPEECH, SUBJECTS } from './novel-words.ts';
import { novelImageIds, type Novel, type Novels } from './novels.ts';

export interface NovelText {
  text: string;
  /** `[pixivimage:…]` targets, in order of appearance; page is 1-based. */
  illusts: { id: number; page: number }[];
  /** `[uploadedimage:…]` ids, in order of appearance. */
  images: number[];
}

interface Segment {
  out: string;
  visible: number;
  /** Plain prose may be cut to fit; markup is kept whole or left out. */
  plain: boolean;
}

const plain = (out: string): Segment => ({ out, visible: out.length, plain: true });

class Writer {
  private readonly parts: string[] = [];
  constructor(public budget: number) {}

  /** Writes segments while the page's budget lasts; returns false once it is spent. */
  write(segments: Segment[]): boolean {
    for (const s of segments) {
      if (s.visible <= this.budget) {
        this.parts.push(s.out);
        this.budget -= s.visible;
      } else if (s.plain && this.budget > 0) {
        this.parts.push(s.out.slice(0, this.budget));
        this.budget = 0;
      }
    }
    return this.budget > 0;
  }

  /** Markup that shows no text (images, page jumps) on its own line. */
  line(markup: string): void {
    this.parts.push(`\n${markup}\n`);
  }

  /** A line break, or a blank line between paragraphs. */
  newline(blank: boolean): void {
    this.parts.push(blank ? '\n\n' : '\n');
  }

  toString(): string {
    return this.parts.join('');
  }
}

function sentence(r: Rng): Segment[] {
  if (r.chance(0.18)) return [plain(`「${r.pick(SPEECH)}」`)];
  const segments = [plain(r.pick(SUBJECTS)), plain(r.pick(PLACES))];
  if (r.chance(0.08)) {
    const [base, reading] = r.pick(RUBY_WORDS);
    segments.push({ out: `[[rb:${base} > ${reading}]]`, visible: base.length, plain: false });
    segments.push(plain('の中で'));
  }
  segments.push(plain(`${r.pick(ACTIONS)}。`));
  return segments;
}

/** The text of a novel, a pure function of the seed and the novel. */
export function novelText(novels: Novels, novel: Novel): NovelText {
  const r = Rng.of(novels.data.seed, `novel-text:${novel.id}`);
  const pages = novel.pageCount;
  const chapters = r.chance(0.5);
  const images = novelImageIds(novel);
  const illustRefs: { id: number; page: number }[] = [];
  const pixivImagePages = new Map<number, { id: number; page: number }>();
  if (r.chance(0.35)) {
    for (let k = r.int(1, 2); k > 0; k--) {
      const work = novels.data.work(r.int(0, novels.data.illustCount - 1));
      const page = work.pageCount > 1 ? r.int(1, work.pageCount) : 1;
      pixivImagePages.set(r.int(0, pages - 1), { id: work.id, page });
    }
  }
  const out: string[] = [];
  const usedImages: number[] = [];
  for (let p = 0; p < pages; p++) {
    const budget =
      Math.round((novel.textLength * (p + 1)) / pages) - Math.round((novel.textLength * p) / pages);
    const w = new Writer(budget);
    if (chapters) {
      const title = `第${p + 1}章 ${r.pick(CHAPTER_TITLES)}`;
      if (title.length < budget / 2)
        w.write([{ out: `[chapter:${title}]\n`, visible: title.length, plain: false }]);
    }
    for (const [k, id] of images.entries()) {
      if (Math.floor((k * pages) / images.length) === p) {
        w.line(`[uploadedimage:${id}]`);
        usedImages.push(id);
      }
    }
    if (p === 0 && pages >= 3 && r.chance(0.3)) w.line(`[jump:${pages}]`);
    let lines = 0;
    while (w.budget > 0) {
      const ref = pixivImagePages.get(p);
      if (ref && lines === 3) {
        w.line(`[pixivimage:${ref.id}${ref.page > 1 ? `-${ref.page}` : ''}]`);
        illustRefs.push(ref);
      }
      if (p === pages - 1 && lines === 2 && r.chance(0.3)) {
        const label = '作者のページ';
        const url = `https://www.pixiv.net/users/${novel.user.id}`;
        w.write([{ out: `[[jumpuri:${label} > ${url}]]\n`, visible: label.length, plain: false }]);
      }
      w.write(sentence(r));
      if (w.budget > 0) w.newline(r.chance(0.35));
      lines++;
    }
    out.push(
      w
        .toString()
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
    );
  }
  return { text: out.join('\n[newpage]\n'), illusts: illustRefs, images: usedImages };
}
