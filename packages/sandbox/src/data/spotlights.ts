/**
 * pixivision articles: a deterministic editorial archive over the dataset. Each illustration
 * article features 6 to 10 works of one theme tag; columns, interviews and news carry text and
 * few or no works. A few articles have no description or no works, or feature a withheld work
 * (a placeholder image): the shapes for which the app sends readers to the article route.
 */
import { Rng } from '../rng.ts';
import type { Dataset, Work } from './dataset.ts';
import type { Indexes } from './indexes.ts';
import { TAGS, type TagWord } from './words.ts';

export const SPOTLIGHT_CATEGORIES = [
  'illustration',
  'manga',
  'novels',
  'column',
  'interview',
  'news',
  'recommend',
] as const;
export type SpotlightCategory = (typeof SPOTLIGHT_CATEGORIES)[number];

export const SPOTLIGHT_LANGS = ['ja', 'en', 'zh', 'zh-tw', 'ko'] as const;
export type SpotlightLang = (typeof SPOTLIGHT_LANGS)[number];

export interface SpotlightWork {
  work: Work;
  /** The editor's words about the work. */
  description: string;
  /** Shown as a placeholder image (withheld work). */
  placeholder: boolean;
}

export interface SpotlightArticle {
  id: number;
  category: SpotlightCategory;
  /** The theme tag (also the article's first tag). */
  theme: TagWord;
  publish: number;
  /** Paragraphs of the introduction; empty for a few. */
  description: string[];
  works: SpotlightWork[];
  /** The work whose image is the thumbnail and eyecatch. */
  cover: Work | null;
}

const COUNT = 240;
const DAY_MS = 86_400_000;

const CATEGORY_WEIGHTS: [SpotlightCategory, number][] = [
  ['illustration', 55],
  ['manga', 12],
  ['novels', 6],
  ['column', 8],
  ['interview', 6],
  ['news', 5],
  ['recommend', 8],
];

function pickCategory(rng: Rng): SpotlightCategory {
  let roll = rng.next() * 100;
  for (const [c, w] of CATEGORY_WEIGHTS) {
    if ((roll -= w) < 0) return c;
  }
  return 'illustration';
}

const INTRO = [
  '今回は「{tag}」をテーマにした作品を集めました。',
  '見ているだけで心が躍る、「{tag}」の魅力あふれるイラストをお届けします。',
  'pixivに投稿された「{tag}」の作品の中から、編集部が選んだ素敵な作品を紹介します。',
  '描き手それぞれのこだわりが光る作品をお楽しみください。',
];
const WORK_NOTES = [
  '柔らかな光の表現が印象的な一枚です。',
  '細部まで描き込まれた背景に思わず見入ってしまいます。',
  '色使いの美しさが際立つ作品です。',
  '物語を感じさせる構図に注目です。',
  'キャラクターの表情がとても魅力的です。',
];

export class Spotlights {
  readonly articles: SpotlightArticle[] = [];
  private readonly byId = new Map<number, SpotlightArticle>();

  constructor(data: Dataset, indexes: Indexes) {
    const rng = Rng.of(data.seed, 'spotlights');
    const themes = TAGS.filter((t) => t.en);
    for (let k = 0; k < COUNT; k++) {
      const id = 11_000 - k * 3 - rng.int(0, 2);
      const category = pickCategory(rng);
      const theme = rng.pick(themes);
      const publish = data.now - k * 1.5 * DAY_MS - rng.int(0, 12) * 3_600_000;
      const textOnly = category === 'column' || category === 'interview' || category === 'news';
      const count = textOnly ? (rng.chance(0.5) ? 0 : rng.int(1, 3)) : rng.int(6, 10);
      const pool = Array.from(indexes.withTag(theme.name)).filter(
        (i) =>
          data.xRestrict[i] === 0 &&
          data.aiType[i] !== 2 &&
          data.created[i]! < publish &&
          (category === 'manga' ? data.kind[i] === 1 : data.kind[i] !== 1),
      );
      const works = rng
        .sample(pool.length ? pool : Array.from(indexes.withTag(theme.name)), count)
        .map((i) => ({
          work: data.work(i),
          description: rng.pick(WORK_NOTES),
          placeholder: false,
        }));
      const quirk = rng.next();
      let description = [rng.pick(INTRO), rng.pick(INTRO)]
        .filter((p, i, all) => all.indexOf(p) === i)
        .map((p) => p.replaceAll('{tag}', theme.name));
      if (quirk < 0.03) description = [];
      if (quirk >= 0.03 && quirk < 0.05 && works.length > 0) works[0]!.placeholder = true;
      const article: SpotlightArticle = {
        id,
        category,
        theme,
        publish,
        description,
        works,
        cover: works.find((w) => !w.placeholder)?.work ?? null,
      };
      this.articles.push(article);
      this.byId.set(id, article);
    }
  }

  get(id: number): SpotlightArticle | undefined {
    return this.byId.get(id);
  }

  /** Newest first, optionally of one category. */
  list(category?: SpotlightCategory): SpotlightArticle[] {
    return category ? this.articles.filter((a) => a.category === category) : this.articles;
  }

  /** Articles sharing the theme tag, newest first, without `self`. */
  related(article: SpotlightArticle, count: number): SpotlightArticle[] {
    return this.articles
      .filter((a) => a.id !== article.id && a.theme.name === article.theme.name)
      .slice(0, count);
  }
}

const TITLE: Record<SpotlightLang, (tag: string, category: SpotlightCategory) => string> = {
  ja: (tag, c) =>
    c === 'manga'
      ? `「${tag}」を描いたマンガ特集`
      : c === 'interview'
        ? `「${tag}」を描き続ける作家に聞く`
        : c === 'column'
          ? `「${tag}」をもっと楽しむためのコラム`
          : c === 'news'
            ? `「${tag}」企画のお知らせ`
            : `「${tag}」のイラスト特集`,
  en: (tag, c) =>
    c === 'manga'
      ? `Manga Featuring ${tag}`
      : c === 'interview'
        ? `An Interview on Drawing ${tag}`
        : c === 'column'
          ? `A Column on Enjoying ${tag}`
          : c === 'news'
            ? `News: the ${tag} Project`
            : `Illustrations of ${tag}`,
  zh: (tag) => `${tag}插画特辑`,
  'zh-tw': (tag) => `${tag}插畫特輯`,
  ko: (tag) => `${tag} 일러스트 특집`,
};

/** The theme tag's name in a language (Japanese where no translation exists). */
export function themeName(theme: TagWord, lang: SpotlightLang): string {
  const map: Record<SpotlightLang, string | null> = {
    ja: theme.name,
    en: theme.en,
    zh: theme.zh,
    'zh-tw': theme.zh_tw,
    ko: theme.ko,
  };
  return map[lang] ?? theme.name;
}

export function articleTitle(article: SpotlightArticle, lang: SpotlightLang): string {
  return TITLE[lang](themeName(article.theme, lang), article.category);
}
