import { describe, expect, it } from 'vitest';
import {
  BIO_COLLAPSE_PX,
  MEMBER_TAGS_FIRST,
  normaliseIllustSeries,
  normaliseNovelSeries,
  normaliseUserDetail,
  novelSeriesLastOrder,
  visibleUserTabs,
  type RawUserDetailResponse,
  type UserCounts,
} from './user-detail.ts';

const raw: RawUserDetailResponse = {
  user: {
    id: 7,
    name: 'Ema',
    account: 'ema',
    profile_image_urls: { medium: 'https://i.pximg.net/user-profile/a.jpg' },
    is_followed: true,
    comment: 'hello\nworld',
  },
  profile: {
    webpage: '',
    gender: 'unknown',
    region: 'Tokyo',
    total_follow_users: 3,
    total_mypixiv_users: 2,
    total_illusts: 10,
    total_manga: 0,
    total_novels: 4,
    total_illust_bookmarks_public: 9,
    total_illust_series: 0,
    total_novel_series: 1,
    background_image_url: null,
    twitter_account: 'ema_tw',
    twitter_url: 'https://twitter.com/ema_tw',
    is_premium: true,
  },
};

describe('normaliseUserDetail', () => {
  it('maps the profile facts and counts of v1/user/detail', () => {
    const u = normaliseUserDetail(raw);
    expect(u).toMatchObject({
      id: 7,
      name: 'Ema',
      account: 'ema',
      bgcover: null,
      webpage: null,
      gender: null,
      is_premium: true,
      is_followed: true,
      follow: 3,
      friend: 2,
      region: 'Tokyo',
      twitter_url: 'https://twitter.com/ema_tw',
      comment: 'hello\nworld',
    });
    expect(u.counts).toEqual({
      illusts: 10,
      mangas: 0,
      illust_series: 0,
      novels: 4,
      novel_series: 1,
      bookmarks: 9,
    });
  });
});

describe('visibleUserTabs (spec 001 §2.11)', () => {
  const none: UserCounts = {
    illusts: 0,
    mangas: 0,
    illust_series: 0,
    novels: 0,
    novel_series: 0,
    bookmarks: 0,
  };
  it('shows only the tabs whose count is above 0, plus related users', () => {
    expect(visibleUserTabs(none)).toEqual(['related']);
    expect(visibleUserTabs({ ...none, illusts: 1, novel_series: 2 })).toEqual([
      'illusts',
      'novel_series',
      'related',
    ]);
  });
  it('keeps the spec order with every count above 0', () => {
    const all = {
      illusts: 1,
      mangas: 1,
      illust_series: 1,
      novels: 1,
      novel_series: 1,
      bookmarks: 1,
    };
    expect(visibleUserTabs(all, 3)).toEqual([
      'illusts',
      'manga',
      'illust_series',
      'novel',
      'novel_series',
      'favorite',
      'fav_novel',
      'related',
    ]);
  });
});

describe('series', () => {
  const user = raw.user;
  it('normalises an illust series with its work count and cover', () => {
    const s = normaliseIllustSeries({
      id: 3,
      title: 'T',
      caption: 'C',
      cover_image_urls: { medium: 'https://i.pximg.net/c/cover.jpg' },
      series_work_count: 6,
      create_date: '2021-01-01T00:00:00+09:00',
      width: 1,
      height: 1,
      user,
    });
    expect(s).toEqual({
      id: 3,
      title: 'T',
      caption: 'C',
      cover: 'https://i.pximg.net/c/cover.jpg',
      count: 6,
      total_character_count: 0,
      user: { id: 7, name: 'Ema', avatar: 'https://i.pximg.net/user-profile/a.jpg' },
    });
  });
  it('normalises a novel series with its content count, characters and a fallback cover', () => {
    const s = normaliseNovelSeries(
      { id: 4, title: 'N', caption: '', content_count: 5, total_character_count: 12000, user },
      'https://i.pximg.net/novel-cover.jpg',
    );
    expect(s).toMatchObject({ count: 5, total_character_count: 12000 });
    expect(s.cover).toBe('https://i.pximg.net/novel-cover.jpg');
  });
  it('pages a novel series by last_order: none first, then the count read', () => {
    expect(novelSeriesLastOrder(0)).toBeUndefined();
    expect(novelSeriesLastOrder(30)).toBe(30);
  });
});

it('keeps the spec numbers: 20 member tags first, bio collapse at 160 px', () => {
  expect(MEMBER_TAGS_FIRST).toBe(20);
  expect(BIO_COLLAPSE_PX).toBe(160);
});
