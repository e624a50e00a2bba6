import { describe, expect, it } from 'vitest';
import { SPOTLIGHT_TABS, isPlaceholderImage, spotlightRedirectsToArticle } from './spotlight.ts';

const item = (illust_url: string) => ({
  illust_id: 1,
  title: 't',
  illust_url,
  user_id: 2,
  user_name: 'u',
  user_avatar: '',
});
const image =
  'https://i.pximg.net/c/540x540_70/img-master/img/2026/11/01/00/00/00/1_p0_master1200.jpg';

describe('spotlight rules', () => {
  it('has the seven tabs of the spec', () => {
    expect(SPOTLIGHT_TABS).toEqual([
      'illustration',
      'column',
      'interview',
      'manga',
      'novels',
      'news',
      'recommend',
    ]);
  });

  it('recognises placeholder images', () => {
    expect(isPlaceholderImage('https://s.pximg.net/common/images/limit_unknown_360.png')).toBe(
      true,
    );
    expect(isPlaceholderImage('/s/common/images/limit_r18_360.png')).toBe(true);
    expect(isPlaceholderImage(image)).toBe(false);
  });

  it('redirects to the article route for an empty description, no items or a placeholder item', () => {
    expect(spotlightRedirectsToArticle({ desc: 'intro', items: [item(image)] })).toBe(false);
    expect(spotlightRedirectsToArticle({ desc: '  ', items: [item(image)] })).toBe(true);
    expect(spotlightRedirectsToArticle({ desc: 'intro', items: [] })).toBe(true);
    expect(
      spotlightRedirectsToArticle({
        desc: 'intro',
        items: [item(image), item('https://s.pximg.net/common/images/limit_unknown_360.png')],
      }),
    ).toBe(true);
  });
});
