/**
 * The previous-generation viewer (pixiv-viewer, Vue) asks a PxveAPI backend for pixivision:
 * `GET /api/pixivision?page=&lang=` (all articles), `GET /api/pixivision/list?page=&type=&lang=`
 * (one tab), `GET /api/pixivision/{id}?lang=` and `GET /api/pixivision/detail?id=&lang=` (an
 * article). No PxveAPI shape is documented (pixiv-upstream.md §4.2: "its output shape (articles,
 * rank, recommend) is not pixiv's"), so the answers are the spec's Spotlight entity (000 §3: the
 * list has articles, rank and recommend; an article has cover, desc, items, related_latest and
 * related_recommend) with the names that viewer reads besides: `thumbnail` on every article
 * card, and tags as objects with a `name`. Its language is its interface locale, `zh-CN` when
 * none is sent.
 */
import {
  SPOTLIGHT_LANGS,
  SPOTLIGHT_TABS,
  type SpotlightCard,
  type SpotlightDetail,
} from '@pv/core';
import type { SpotlightLang, SpotlightList } from '@pv/core';
import { z } from 'zod';

/** pixivision's language for the old viewer's locale: its own, Chinese by default, else English. */
export function pxveLang(locale: string | undefined): SpotlightLang {
  const l = (locale ?? '').toLowerCase();
  if (l === '' || l === 'zh-cn' || l === 'zh-hans' || l === 'zh') return 'zh';
  if (l === 'zh-tw' || l === 'zh-hk' || l === 'zh-hant') return 'zh-tw';
  return (SPOTLIGHT_LANGS as readonly string[]).includes(l) ? (l as SpotlightLang) : 'en';
}

const lang = z
  .string()
  .max(16)
  .optional()
  .transform((l) => pxveLang(l));

export const PxveListQuery = z.object({
  type: z.enum(SPOTLIGHT_TABS).optional(),
  page: z.coerce.number().int().min(1).max(500).default(1),
  lang,
});
export const PxveArticleQuery = z.object({ lang });
export const PxveDetailQuery = z.object({
  id: z.coerce.number().int().min(1).max(99_999_999),
  lang,
});

/** An article card as the old viewer reads it: the card plus `thumbnail`. */
function pxveCard(card: SpotlightCard) {
  return { ...card, thumbnail: card.cover };
}

export function pxveListShape(list: SpotlightList) {
  return {
    articles: list.articles.map(pxveCard),
    rank: list.rank.map(pxveCard),
    recommend: list.recommend.map(pxveCard),
    next: list.next,
  };
}

export function pxveArticleShape(detail: SpotlightDetail) {
  return {
    ...detail,
    tags: detail.tags.map((name) => ({ name })),
    related_latest: { ...detail.related_latest, items: detail.related_latest.items.map(pxveCard) },
    related_recommend: {
      ...detail.related_recommend,
      items: detail.related_recommend.items.map(pxveCard),
    },
  };
}
