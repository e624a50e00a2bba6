import { describe, expect, it } from 'vitest';
import { normaliseWebRankingItem, type RawWebRankingItem } from './web-illust.ts';

const item: RawWebRankingItem = {
  title: '夕焼け',
  date: '2026年11月18日 20:00',
  tags: ['風景', 'オリジナル'],
  url: 'https://i.pximg.net/c/240x480/img-master/img/2026/11/18/20/00/00/123_p0_master1200.jpg',
  illust_type: '1',
  illust_page_count: '3',
  user_name: 'artist',
  profile_img: 'https://i.pximg.net/user-profile/img/x_50.jpg',
  illust_content_type: { sexual: 0, grotesque: false },
  illust_id: 123,
  width: 1000,
  height: 1400,
  user_id: 9,
  rank: 1,
  yes_rank: 4,
  rating_count: 800,
  view_count: 9000,
  illust_upload_timestamp: 1_763_463_600,
  is_bookmarked: false,
};

describe('normaliseWebRankingItem', () => {
  it('maps the web ranking fields and derives the image sizes from the thumbnail path', () => {
    const a = normaliseWebRankingItem(item, 'daily');
    expect(a).toMatchObject({
      id: 123,
      title: '夕焼け',
      type: 'manga',
      count: 3,
      like: 800,
      view: 9000,
      x_restrict: 0,
      author: { id: 9, name: 'artist' },
      illust_url: 'https://www.pixiv.net/artworks/123',
    });
    expect(a.images[0]!.m).toBe(
      'https://i.pximg.net/c/540x540_70/img-master/img/2026/11/18/20/00/00/123_p0_master1200.jpg',
    );
    expect(a.images[0]!.s).toMatch(/c\/360x360_70\/.*123_p0_square1200\.jpg$/);
    expect(a.tags.map((t) => t.name)).toEqual(['風景', 'オリジナル']);
  });

  it('rates works by the ranking mode', () => {
    expect(normaliseWebRankingItem(item, 'daily_r18').x_restrict).toBe(1);
    expect(normaliseWebRankingItem(item, 'r18g').x_restrict).toBe(2);
    expect(normaliseWebRankingItem(item, 'weekly').x_restrict).toBe(0);
  });
});
