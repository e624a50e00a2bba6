/**
 * `GET /ajax/showcase/article?article_id=` (pixiv-upstream.md §4.2 (b)): a pixivision article as
 * JSON, the same articles the HTML pages of pixivision.ts and `/v1/spotlight/articles` show. No
 * login needed. The `{error, message, body}` envelope with a one-element `body` array; most values
 * are strings, as pixiv sends them. An unknown or zero `article_id` answers 404 in the envelope.
 * The language comes from `lang` or Accept-Language (ja by default).
 */
import type { FastifyInstance } from 'fastify';
import { jstPathDate } from '../../clock.ts';
import type { Work } from '../../data/dataset.ts';
import {
  SPOTLIGHT_LANGS,
  articleTitle,
  themeName,
  type SpotlightArticle,
  type SpotlightLang,
} from '../../data/spotlights.ts';
import { avatarUrl, workPageUrls, PXIMG, SPXIMG } from '../../images/urls.ts';
import type { SandboxState } from '../../state.ts';
import { CATEGORY_LABEL } from '../pixivision.ts';
import { tagId } from '../../data/spotlight-tags.ts';
import { ajaxError, ajaxOk } from './ajax.ts';

const PLACEHOLDER = `${SPXIMG}/common/images/limit_unknown_360.png`;

function langOf(query: string | undefined, header: string | undefined): SpotlightLang {
  const wanted = (query ?? header ?? 'ja').split(',')[0]!.trim().toLowerCase();
  if ((SPOTLIGHT_LANGS as readonly string[]).includes(wanted)) return wanted as SpotlightLang;
  if (wanted.startsWith('zh')) return /tw|hk|hant/.test(wanted) ? 'zh-tw' : 'zh';
  const short = wanted.slice(0, 2);
  return (SPOTLIGHT_LANGS as readonly string[]).includes(short) ? (short as SpotlightLang) : 'ja';
}

/** `2019-01-05 00:00:00`, JST, as the showcase rows carry dates. */
function sqlDate(ms: number): string {
  return new Date(ms + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const unix = (ms: number) => Math.floor(ms / 1000);

function illustRow(
  a: SpotlightArticle,
  work: Work,
  description: string,
  lang: SpotlightLang,
  withheld: boolean,
) {
  const date = jstPathDate(work.uploaded);
  const stem = work.kind === 'ugoira' ? `${work.id}` : `${work.id}_p0`;
  const master = `img-master/img/${date}/${stem}_master1200.jpg`;
  const zip = (size: string) =>
    work.kind === 'ugoira'
      ? `${PXIMG}/img-zip-ugoira/img/${date}/${work.id}_ugoira${size}.zip`
      : '';
  return {
    spotlight_article_id: String(a.id),
    illust_id: String(work.id),
    description,
    language: lang,
    illust_user_id: String(work.user.id),
    illust_title: work.title,
    illust_ext: work.kind === 'ugoira' ? 'jpg' : work.originalExt,
    illust_width: String(work.width),
    illust_height: String(work.height),
    illust_restrict: '0',
    illust_x_restrict: String(work.xRestrict),
    illust_create_date: sqlDate(work.created),
    illust_upload_date: sqlDate(work.uploaded),
    illust_server_id: '11',
    illust_type: String(work.kind === 'illust' ? 0 : work.kind === 'manga' ? 1 : 2),
    illust_sanity_level: String(work.sanityLevel),
    illust_book_style: String(work.bookStyle),
    illust_page_count: String(work.pageCount),
    illust_custom_thumbnail_upload_datetime: null,
    illust_comment: work.caption,
    user_account: work.user.account,
    user_name: work.user.name,
    user_comment: work.user.comment,
    url: {
      '1200x1200': withheld ? PLACEHOLDER : `${PXIMG}/c/1200x1200/${master}`,
      '768x1200': withheld ? PLACEHOLDER : `${PXIMG}/c/768x1200_80/${master}`,
      ugoira600x600: withheld ? '' : zip('600x600'),
      ugoira1920x1080: withheld ? '' : zip('1920x1080'),
    },
    user_icon: avatarUrl(work.user, 50),
  };
}

export function showcaseArticle(state: SandboxState, a: SpotlightArticle, lang: SpotlightLang) {
  const title = articleTitle(a, lang);
  const category = CATEGORY_LABEL[a.category][lang === 'ja' ? 'ja' : 'en'];
  const tagName = themeName(a.theme, lang);
  const tags = [{ id: String(tagId(a.theme.name)), name: tagName }];
  const introduction = a.description.map((p) => `<p>${p}</p>`).join('');
  const thumbnailUrl = a.cover ? workPageUrls(a.cover, 0).medium : PLACEHOLDER;
  const articleUrl = `https://www.pixivision.net/${lang}/a/${a.id}`;
  const subcategory = {
    label: tagName,
    label_en: a.theme.en ?? a.theme.name,
    title: tagName,
    introduction: '',
    image_url: thumbnailUrl,
    big_image_url: a.cover ? workPageUrls(a.cover, 0).large : PLACEHOLDER,
  };
  const illusts = a.works.map((w) => illustRow(a, w.work, w.description, lang, w.placeholder));
  return {
    id: String(a.id),
    lang,
    entry: {
      id: String(a.id),
      title,
      pure_title: title,
      catchphrase: '',
      header: introduction,
      footer: '',
      sidebar: '',
      publish_date: unix(a.publish),
      language: lang,
      pixivision_category_slug: a.category,
      pixivision_category: { label: category, introduction: '' },
      pixivision_subcategory_slug: String(tagId(a.theme.name)),
      pixivision_subcategory: subcategory,
      tags,
      article_url: articleUrl,
      intro: a.description[0] ?? '',
      facebook_count: '0',
      twitter_count: '0',
    },
    tags,
    thumbnailUrl,
    title,
    publishDate: unix(a.publish),
    category: a.category,
    subCategory: String(tagId(a.theme.name)),
    subCategoryLabel: tagName,
    subCategoryIntroduction: '',
    introduction,
    footer: '',
    illusts,
    relatedArticles: state.spotlights.related(a, 4).map((r) => ({
      id: String(r.id),
      ftitle: articleTitle(r, lang),
      title: articleTitle(r, lang),
      thumbnail: r.cover ? workPageUrls(r.cover, 0).medium : PLACEHOLDER,
      publish_date: unix(r.publish),
      category: r.category,
      article_url: `https://www.pixivision.net/${lang}/a/${r.id}`,
    })),
    isOnlyOneUser: illusts.length > 0 && new Set(illusts.map((i) => i.illust_user_id)).size === 1,
  };
}

export function registerShowcase(app: FastifyInstance, state: SandboxState): void {
  app.get('/ajax/showcase/article', async (req, reply) => {
    const query = req.query as Record<string, string | undefined>;
    const id = /^\d{1,9}$/.test(query.article_id ?? '') ? Number(query.article_id) : 0;
    const article = id > 0 ? state.spotlights.get(id) : undefined;
    // pixiv's message for a missing article is not recorded; the status and envelope are.
    if (!article) return reply.code(404).send(ajaxError(''));
    const lang = langOf(query.lang, req.headers['accept-language']);
    return reply.send(ajaxOk([showcaseArticle(state, article, lang)]));
  });
}
