/** `GET /v1/spotlight/articles` (pixiv-upstream.md §4.2 (a)): pixivision articles, 10 per page. */
import type { FastifyInstance } from 'fastify';
import { articleTitle, type SpotlightCategory } from '../../data/spotlights.ts';
import { workPageUrls, SPXIMG } from '../../images/urls.ts';
import type { SandboxState } from '../../state.ts';
import { appError, intParam, nextUrl, type Query } from './common.ts';
import { jstIso } from '../../clock.ts';

export const SPOTLIGHT_API_PAGE = 10;

const CATEGORY: Record<string, SpotlightCategory | undefined> = {
  all: undefined,
  illust: 'illustration',
  manga: 'manga',
  novel: 'novels',
};

const LANGS = { ja: 'ja', en: 'en', zh: 'zh', ko: 'ko' } as const;

export function registerSpotlights(app: FastifyInstance, state: SandboxState): void {
  app.get('/v1/spotlight/articles', async (req, reply) => {
    const query = req.query as Query;
    const offset = intParam(query.offset);
    const category = query.category ?? 'all';
    if (offset === null || !(category in CATEGORY)) {
      return reply.code(400).send(appError('Invalid parameters'));
    }
    const language = (req.headers['accept-language'] ?? 'ja').slice(0, 2);
    const lang = LANGS[language as keyof typeof LANGS] ?? 'ja';
    const list = state.spotlights.list(CATEGORY[category]);
    const page = list.slice(offset, offset + SPOTLIGHT_API_PAGE);
    return reply.send({
      spotlight_articles: page.map((a) => ({
        id: a.id,
        title: articleTitle(a, lang),
        pure_title: articleTitle(a, lang),
        thumbnail: a.cover
          ? workPageUrls(a.cover, 0).medium
          : `${SPXIMG}/common/images/limit_unknown_360.png`,
        article_url: `https://www.pixivision.net/${lang}/a/${a.id}`,
        publish_date: jstIso(a.publish),
        category: a.category === 'illustration' ? 'spotlight' : a.category,
        subcategory_label: a.theme.name,
      })),
      next_url:
        offset + SPOTLIGHT_API_PAGE < list.length
          ? nextUrl('/v1/spotlight/articles', query, { offset: offset + SPOTLIGHT_API_PAGE })
          : null,
    });
  });
}
