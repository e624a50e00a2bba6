/**
 * Works and users as the app API serialises them (pixiv-upstream.md §1.1): snake_case,
 * numeric ids, JST dates, `meta_single_page: {}` for multi-page works, and the restricted
 * placeholder form for works the viewer may not see.
 */
import type { RawIllust, RawTag, RawUser } from '@pv/core';
import { jstIso } from '../clock.ts';
import { hash32 } from '../rng.ts';
import { NO_PROFILE, SPXIMG, avatarUrl, workPageUrls } from '../images/urls.ts';
import type { SandboxUser, Work } from './dataset.ts';
import { illustSeriesOf } from './series.ts';
import type { TagWord } from './words.ts';

/** Who is asking: decides translations and what is hidden. */
export interface Viewer {
  /** The account's own x_restrict setting: 0 hides R-18 and R-18G, 1 hides R-18G. */
  xRestrict: number;
  /** The first language of Accept-Language, lower-case ('en', 'zh-cn', 'ja', ...). */
  language: string;
  isFollowing?: (userId: number) => boolean;
  isBookmarked?: (workId: number) => boolean;
}

/** `translated_name` in the request language; Japanese requests get none, like pixiv. */
export function translateTag(tag: TagWord, language: string): string | null {
  if (language.startsWith('ja')) return null;
  if (language === 'zh-tw' || language === 'zh-hk' || language === 'zh-hant') return tag.zh_tw;
  if (language.startsWith('zh')) return tag.zh;
  if (language.startsWith('ko')) return tag.ko;
  return tag.en;
}

export function rawUser(user: SandboxUser, viewer: Viewer): RawUser {
  return {
    id: user.id,
    name: user.name,
    account: user.account,
    profile_image_urls: { medium: avatarUrl(user) },
    is_followed: viewer.isFollowing?.(user.id) ?? false,
  };
}

/** pixiv's placeholder image for a work or novel above the account's age setting. */
export function restrictedPlaceholder(xRestrict: number): string {
  const name =
    xRestrict === 2 ? 'limit_r18g_360' : xRestrict === 1 ? 'limit_r18_360' : 'limit_unknown_360';
  return `${SPXIMG}/common/images/${name}.png`;
}

/**
 * A few works are withheld from every viewer, as pixiv withholds some (pixiv-upstream.md §1):
 * about 1 in 800 is unviewable (`limit_unviewable_360.png`) and 1 in 800 shown to My pixiv friends
 * only (`limit_mypixiv_360.png`; no demo account is anyone's My pixiv friend). Derived from the
 * work's id, which the seed chose, so the same seed withholds the same works.
 */
export function withheldKind(work: Work): 'unviewable' | 'mypixiv' | null {
  const h = hash32(0x11_4e_71, String(work.id)) % 800;
  return h === 0 ? 'unviewable' : h === 1 ? 'mypixiv' : null;
}

/** The emptied user pixiv sends with a work or novel the account may not view. */
export function restrictedUser() {
  return {
    id: 0,
    name: '',
    account: '',
    profile_image_urls: { medium: NO_PROFILE },
    is_followed: false,
  };
}
export function rawIllust(work: Work, viewer: Viewer): RawIllust {
  const withheld = withheldKind(work);
  const visible = !withheld && work.xRestrict <= viewer.xRestrict;
  const tags: RawTag[] = work.tags.map((t) => ({
    name: t.name,
    translated_name: translateTag(t, viewer.language),
  }));
  const first = workPageUrls(work, 0);
  const illust: RawIllust = {
    id: work.id,
    title: work.title,
    type: work.kind,
    image_urls: { square_medium: first.square_medium, medium: first.medium, large: first.large },
    caption: work.caption,
    restrict: 0,
    user: rawUser(work.user, viewer),
    tags,
    tools: work.tools,
    create_date: jstIso(work.created),
    page_count: work.pageCount,
    width: work.width,
    height: work.height,
    sanity_level: work.sanityLevel,
    x_restrict: work.xRestrict,
    series: illustSeriesOf(work),
    meta_single_page: work.pageCount === 1 ? { original_image_url: first.original } : {},
    meta_pages:
      work.pageCount === 1
        ? []
        : Array.from({ length: work.pageCount }, (_, p) => ({ image_urls: workPageUrls(work, p) })),
    total_view: work.views,
    total_bookmarks: work.bookmarks,
    is_bookmarked: viewer.isBookmarked?.(work.id) ?? false,
    visible: true,
    is_muted: false,
    illust_ai_type: work.aiType,
    illust_book_style: work.bookStyle,
  };
  if (visible) return illust;
  // What pixiv sends for a work the account may not view: placeholder images, emptied user.
  const placeholder = withheld
    ? `${SPXIMG}/common/images/limit_${withheld}_360.png`
    : restrictedPlaceholder(work.xRestrict);
  return {
    ...illust,
    image_urls: { square_medium: placeholder, medium: placeholder, large: placeholder },
    user: restrictedUser(),
    meta_single_page: {},
    meta_pages: [],
    width: 100,
    height: 100,
    visible: false,
    ...(withheld ? {} : { restriction_attributes: ['restricted_mode'] }),
  };
}

/** The detail endpoint adds comment fields. */
export function rawIllustDetail(work: Work, viewer: Viewer): RawIllust {
  return { ...rawIllust(work, viewer), total_comments: work.comments, comment_access_control: 0 };
}
