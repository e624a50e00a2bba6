/**
 * `GET /ajax/novel/{id}` on www.pixiv.net: the web's novel body in the `{error, message, body}`
 * envelope, with string ids and UTC `+00:00` dates, as PixivBatchDownloader's NovelData and
 * pixiv.ts' PixivAJAXNovelText type it. `body.content` is the text in pixiv's markup (the same
 * text the app's webview embeds), `textEmbeddedImages` the `[uploadedimage:]` images (null when
 * there are none), `userNovels` the author's novels by id (the neighbours in full, the rest
 * null). 400 「不正なリクエストです。」 for a malformed id or 0, 404 with message "" for an
 * unknown one, and 403 for a novel above the caller's age setting (anonymous callers: all ages).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Novel } from '../../data/novels.ts';
import { novelText } from '../../data/novel-text.ts';
import { avatarUrl, novelImageUrls, novelWebCoverUrl } from '../../images/urls.ts';
import type { SandboxState } from '../../state.ts';
import { ajaxError, ajaxOk } from './ajax.ts';
import { BAD_REQUEST_MESSAGE } from './session.ts';
import { utcIso, zoneConfig } from './web-json.ts';

function bookmarkData(req: FastifyRequest, novel: Novel) {
  const mark = req.sandboxSocial?.novelBookmarks.get(novel.id);
  return mark ? { id: String(mark.id), private: mark.restrict === 'private' } : null;
}

/** A novel as the web's lists carry it ("NovelCommonData"). */
export function webNovelItem(req: FastifyRequest, novel: Novel) {
  return {
    aiType: novel.aiType,
    bookmarkCount: novel.bookmarks,
    bookmarkData: bookmarkData(req, novel),
    createDate: utcIso(novel.created),
    description: novel.caption,
    id: String(novel.id),
    isBookmarkable: req.sandboxAccount !== undefined,
    isUnlisted: false,
    isOriginal: novel.isOriginal,
    marker: null,
    profileImageUrl: avatarUrl(novel.user, 50),
    restrict: 0,
    tags: novel.tags.map((t) => t.name),
    textCount: novel.textLength,
    title: novel.title,
    titleCaptionTranslation: { workTitle: null, workCaption: null },
    updateDate: utcIso(novel.uploaded),
    xRestrict: novel.xRestrict,
    url: novelWebCoverUrl(novel),
    userId: String(novel.user.id),
    userName: novel.user.name,
    ...(novel.series ? { seriesId: String(novel.series.id), seriesTitle: novel.series.title } : {}),
  };
}

function seriesNavData(state: SandboxState, novel: Novel) {
  const series = novel.series ? state.novels.seriesOf(novel.series.id) : undefined;
  if (!series) return null;
  const at = novel.series!.order - 1;
  const nav = (k: number) => {
    const index = series.novels[k];
    if (index === undefined) return null;
    const other = state.novels.at(index);
    return { title: other.title, order: k + 1, id: String(other.id), available: true };
  };
  return {
    seriesType: 'novel',
    seriesId: String(series.id),
    title: series.title,
    isConcluded: series.isConcluded,
    isReplaceable: false,
    isWatched: false,
    isNotifying: false,
    order: at + 1,
    next: nav(at + 1),
    prev: nav(at - 1),
  };
}

/** The author's novels by id, newest first: the novel and its neighbours in full, the rest null. */
function userNovels(state: SandboxState, req: FastifyRequest, novel: Novel) {
  const own = state.novels.novelsOf(novel.user.index);
  const at = own.indexOf(novel.index);
  const max = req.sandboxAccount?.xRestrict ?? 0;
  const map: Record<string, unknown> = {};
  for (let k = own.length - 1; k >= 0; k--) {
    const other = state.novels.at(own[k]!);
    const near = Math.abs(k - at) <= 1 && other.xRestrict <= max;
    map[String(other.id)] = near ? webNovelItem(req, other) : null;
  }
  return map;
}

export function webNovelBody(state: SandboxState, req: FastifyRequest, novel: Novel) {
  const { text, images } = novelText(state.novels, novel);
  const id = String(novel.id);
  const page = `https://www.pixiv.net/novel/show.php?id=${id}`;
  const title = `「${novel.title}」/「${novel.user.name}」の小説 [pixiv]`;
  const ogImage = `https://embed.pixiv.net/novel.php?id=${id}&mdate=${Math.floor(novel.uploaded / 1000)}`;
  const embedded = Object.fromEntries(
    images.map((imageId) => [
      String(imageId),
      {
        novelImageId: String(imageId),
        sl: novel.xRestrict > 0 ? '6' : '2',
        urls: novelImageUrls(novel, imageId, state.novels.imageHash(imageId)),
      },
    ]),
  );
  // The keys of PixivBatchDownloader's NovelData, in its order.
  return {
    aiType: novel.aiType,
    bookmarkCount: novel.bookmarks,
    bookmarkData: bookmarkData(req, novel),
    commentCount: novel.comments,
    markerCount: 0,
    createDate: utcIso(novel.created),
    uploadDate: utcIso(novel.uploaded),
    description: novel.caption,
    id,
    title: novel.title,
    likeCount: Math.floor(novel.bookmarks * 1.2),
    pageCount: String(novel.pageCount),
    userId: String(novel.user.id),
    userName: novel.user.name,
    viewCount: novel.views,
    isOriginal: novel.isOriginal,
    isBungei: false,
    isUnlisted: false,
    language: 'ja',
    xRestrict: novel.xRestrict,
    restrict: 0,
    content: text,
    coverUrl: novelWebCoverUrl(novel),
    suggestedSettings: { viewMode: 0, themeBackground: 0, themeSize: null, themeSpacing: null },
    isBookmarkable: req.sandboxAccount !== undefined,
    likeData: false,
    pollData: null,
    request: null,
    marker: null,
    tags: {
      authorId: String(novel.user.id),
      isLocked: false,
      tags: novel.tags.map((t) => ({
        tag: t.name,
        locked: t.addedByUploadedUser,
        deletable: false,
        userId: String(novel.user.id),
        userName: novel.user.name,
      })),
      writable: req.sandboxAccount !== undefined,
    },
    seriesNavData: seriesNavData(state, novel),
    descriptionBoothId: null,
    descriptionYoutubeId: null,
    comicPromotion: null,
    fanboxPromotion: null,
    contestBanners: [],
    contestData: null,
    imageResponseOutData: [],
    imageResponseData: [],
    imageResponseCount: 0,
    userNovels: userNovels(state, req, novel),
    hasGlossary: false,
    zoneConfig: zoneConfig([
      'responsive',
      'rectangle',
      '500x500',
      'header',
      'footer',
      'expandedFooter',
      'logo',
    ]),
    extraData: {
      meta: {
        title,
        description: novel.caption,
        canonical: page,
        descriptionHeader: `${novel.tags.map((t) => `「${t.name}」`).join('')}等のタグがつけられた小説です。`,
        ogp: { description: novel.caption, image: ogImage, title, type: 'article' },
        twitter: {
          description: novel.caption,
          image: ogImage,
          title: novel.title,
          card: 'summary_large_image',
        },
      },
    },
    titleCaptionTranslation: { workTitle: null, workCaption: null },
    textEmbeddedImages: images.length ? embedded : null,
  };
}

export function registerWebNovels(app: FastifyInstance, state: SandboxState): void {
  app.get('/ajax/novel/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    if (!/^\d{1,12}$/.test(id) || Number(id) === 0) {
      return reply.code(400).send(ajaxError(BAD_REQUEST_MESSAGE));
    }
    const novel = state.novels.novel(Number(id));
    if (!novel) return reply.code(404).send(ajaxError(''));
    if (novel.xRestrict > (req.sandboxAccount?.xRestrict ?? 0)) {
      return reply.code(403).send(ajaxError(BAD_REQUEST_MESSAGE));
    }
    return ajaxOk(webNovelBody(state, req, novel));
  });
}
