import { describe, expect, it } from 'vitest';
import type { RawWebThumbnail } from './web-illust.ts';
import { normaliseWebDiscoveryUsers, webRecommendedUserPreview } from './web-users.ts';

const thumb = (id: string, userId: string): RawWebThumbnail => ({
  id,
  title: `work ${id}`,
  illustType: 0,
  xRestrict: 0,
  url: `https://i.pximg.net/c/250x250_80_a2/img-master/img/2026/11/01/00/00/00/${id}_p0_square1200.jpg`,
  tags: ['風景'],
  userId,
  userName: `user ${userId}`,
  width: 800,
  height: 600,
  pageCount: 1,
  createDate: '2026-11-01T00:00:00+09:00',
  aiType: 1,
});

describe('discovery users', () => {
  const body = {
    recommendedUsers: [
      { userId: '2', recentIllustIds: ['21', '404', '20'], recentNovelIds: [] },
      { userId: '3', recentIllustIds: [] },
      { userId: '9', recentIllustIds: ['90'] },
    ],
    users: [
      { userId: '3', name: 'three', image: 'https://i.pximg.net/user-profile/3_50.jpg' },
      { userId: '2', name: 'two', image: 'https://i.pximg.net/user-profile/2_50.jpg' },
    ],
    thumbnails: { illust: [thumb('20', '2'), thumb('21', '2'), thumb('90', '9')] },
  };

  it("joins each recommended user's profile and works, in pixiv's order", () => {
    const users = normaliseWebDiscoveryUsers(body);
    expect(users.map((u) => [u.id, u.name, u.avatar])).toEqual([
      [2, 'two', 'https://i.pximg.net/user-profile/2_50.jpg'],
      [3, 'three', 'https://i.pximg.net/user-profile/3_50.jpg'],
    ]);
    // 404 is named but not among the thumbnails: left out
    expect(users[0]!.illusts.map((a) => a.id)).toEqual([21, 20]);
    expect(users[0]!.illusts[0]!.author.id).toBe(2);
    expect(users[1]!.illusts).toEqual([]);
  });

  it('becomes a user card preview with square thumbnails', () => {
    const [two] = normaliseWebDiscoveryUsers(body);
    expect(webRecommendedUserPreview(two!)).toEqual({
      id: 2,
      name: 'two',
      avatar: 'https://i.pximg.net/user-profile/2_50.jpg',
      illusts: [
        { id: 21, title: 'work 21', src: thumb('21', '2').url, x_restrict: 0, illust_ai_type: 1 },
        { id: 20, title: 'work 20', src: thumb('20', '2').url, x_restrict: 0, illust_ai_type: 1 },
      ],
    });
  });
});
