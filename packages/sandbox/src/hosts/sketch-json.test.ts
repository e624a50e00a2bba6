import { describe, expect, it } from 'vitest';
import { Dataset } from '../data/dataset.ts';
import { TEST_NOW } from '../test-helpers.ts';
import { sketchUser } from './sketch-json.ts';

describe('sketch user social_accounts', () => {
  it('always links the pixiv account and, for two users in five, a Twitter account', () => {
    const data = new Dataset({ seed: 1, now: TEST_NOW, illustCount: 10, userCount: 500 });
    let twitter = 0;
    for (const user of data.allUsers) {
      const accounts = sketchUser(user).social_accounts as Record<string, unknown>;
      expect(accounts.pixiv).toEqual({
        unique_name: user.account,
        expired: false,
        show_on_pixiv: true,
      });
      if (accounts.twitter) {
        twitter++;
        expect(accounts.twitter).toEqual({
          unique_name: user.account,
          expired: false,
          is_public: true,
        });
      }
    }
    expect(twitter).toBe(data.allUsers.filter((u) => u.id % 5 < 2).length);
    expect(twitter / data.allUsers.length).toBeGreaterThan(0.3);
    expect(twitter / data.allUsers.length).toBeLessThan(0.5);
  });
});
