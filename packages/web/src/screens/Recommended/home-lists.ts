/**
 * The full lists behind the home rows' 'more' slides (spec 000 §2: a row shows 10 items and a
 * 'more' slide). The route table has one screen for them, `/osusume_illust`; its `list` query
 * names which row's list it shows (none: recommended illustrations, the route's own list).
 */
export const HOME_LISTS = [
  'illust',
  'manga',
  'latest',
  'latest_manga',
  'novel',
  'latest_novel',
] as const;
export type HomeList = (typeof HOME_LISTS)[number];

export const HOME_LIST_PARAM = 'list';

/** Where a home row's 'more' slide leads. */
export function homeListHref(list: HomeList): string {
  return list === 'illust' ? '/osusume_illust' : `/osusume_illust?${HOME_LIST_PARAM}=${list}`;
}

/** The list a `list` query value names; anything else is recommended illustrations. */
export function parseHomeList(value: string | null): HomeList {
  return (HOME_LISTS as readonly string[]).includes(value ?? '') ? (value as HomeList) : 'illust';
}

/** The i18n key of a list's title: the same words as its home row. */
export const HOME_LIST_TITLE: Record<HomeList, string> = {
  illust: 'title.osusume_illust',
  manga: 'home.recommended_manga',
  latest: 'home.latest',
  latest_manga: 'home.latest_manga',
  novel: 'home.recommended_novels',
  latest_novel: 'home.latest_novels',
};

/** Novel lists are offered in every mode; the artwork lists only in self-hosted mode. */
export function isNovelList(list: HomeList): list is 'novel' | 'latest_novel' {
  return list === 'novel' || list === 'latest_novel';
}
