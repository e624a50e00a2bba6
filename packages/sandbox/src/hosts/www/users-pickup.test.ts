import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import { testSandbox } from '../../test-helpers.ts';
import { PICKUP_MAX } from './users.ts';

const { app, state } = testSandbox();

const [demo, safe] = [DEMO_ACCOUNTS[0]!, DEMO_ACCOUNTS[1]!];

interface Pickup {
  id: string;
  xRestrict: number;
  url: string;
  description: string;
  type: string;
  contentUrl: string;
  titleCaptionTranslation: { workTitle: string; workCaption: string };
}

async function profile(userId: number, account = demo) {
  const res = await app.inject({
    url: `/www.pixiv.net/ajax/user/${userId}/profile/all`,
    headers: { cookie: `PHPSESSID=${account.phpsessid}` },
  });
  return (res.json() as { body: { pickup: Pickup[] } }).body.pickup;
}

describe('profile/all pickup', () => {
  it('pins up to three of the creator’s most bookmarked works for about half of the creators', async () => {
    const creators = state.data.allUsers.filter((u) => state.indexes.worksOf(u.index).length >= 4);
    let pinning = 0;
    for (const user of creators.slice(0, 80)) {
      const pickup = await profile(user.id);
      expect(pickup.length).toBeLessThanOrEqual(PICKUP_MAX);
      if (pickup.length === 0) continue;
      pinning++;
      const own = Array.from(state.indexes.worksOf(user.index)).filter(
        (i) => state.data.xRestrict[i]! <= demo.xRestrict,
      );
      const top = Math.max(...own.map((i) => state.data.bookmarks[i]!));
      const first = state.data.workById(Number(pickup[0]!.id))!;
      expect(first.user.id).toBe(user.id);
      expect(first.bookmarks).toBe(top);
      const counts = pickup.map((p) => state.data.workById(Number(p.id))!.bookmarks);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(pickup[0]).toMatchObject({
        type: 'illust',
        description: first.caption,
        contentUrl: `https://www.pixiv.net/en/artworks/${first.id}`,
        titleCaptionTranslation: { workTitle: '', workCaption: '' },
      });
      expect(pickup[0]!.url).toContain('/c/288x288_80_a2/');
    }
    expect(pinning).toBeGreaterThan(20);
    expect(pinning).toBeLessThan(60);
  });

  it('leaves out pinned works above the viewer’s age setting', async () => {
    const creators = state.data.allUsers.filter((u) =>
      Array.from(state.indexes.worksOf(u.index)).some((i) => state.data.xRestrict[i]! > 0),
    );
    let checked = 0;
    for (const user of creators) {
      const all = await profile(user.id, demo);
      if (!all.some((p) => p.xRestrict > 0)) continue;
      const seen = await profile(user.id, safe);
      expect(seen.every((p) => p.xRestrict === 0)).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
