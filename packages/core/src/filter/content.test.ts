import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTENT_SETTINGS,
  type BlockLists,
  type ContentSettings,
} from '../entities/settings.ts';
import {
  AI_TAG_LABELS,
  filterArtworks,
  filterBlockedUsers,
  isAiArtwork,
  isHiddenByContent,
  parseBlockList,
  parseBlockLists,
  type FilterableItem,
} from './content.ts';

function item(over: Partial<FilterableItem> = {}): FilterableItem {
  return { x_restrict: 0, illust_ai_type: 1, author: { id: 1 }, tags: [{ name: '風景' }], ...over };
}
const noBlocks: BlockLists = { tags: [], authorIds: [] };
const prefs = (content: Partial<ContentSettings> = {}, blocks = noBlocks) => ({
  content: { ...DEFAULT_CONTENT_SETTINGS, ...content },
  blocks,
});

describe('content filter', () => {
  it('defaults to R-18 off, R-18G off, AI on', () => {
    expect(DEFAULT_CONTENT_SETTINGS).toEqual({ r18: false, r18g: false, ai: true });
  });

  it('hides R-18 and R-18G unless their toggles are on', () => {
    expect(isHiddenByContent(item({ x_restrict: 1 }), prefs())).toBe(true);
    expect(isHiddenByContent(item({ x_restrict: 1 }), prefs({ r18: true }))).toBe(false);
    expect(isHiddenByContent(item({ x_restrict: 2 }), prefs({ r18: true }))).toBe(true);
    expect(isHiddenByContent(item({ x_restrict: 2 }), prefs({ r18g: true }))).toBe(false);
    expect(isHiddenByContent(item(), prefs())).toBe(false);
  });

  it('hides AI works when AI is off, by type 2 or an AI label in any case', () => {
    expect(isHiddenByContent(item({ illust_ai_type: 2 }), prefs({ ai: false }))).toBe(true);
    expect(isHiddenByContent(item({ illust_ai_type: 2 }), prefs())).toBe(false);
    const labelled = item({ illust_ai_type: 0, tags: [{ name: 'novelai' }] });
    expect(isAiArtwork(labelled)).toBe(true);
    expect(isAiArtwork(item({ tags: [{ name: 'aiイラスト' }] }))).toBe(true);
    expect(isAiArtwork(item({ tags: [{ name: 'PAINT' }] }))).toBe(false);
    expect(isHiddenByContent(labelled, prefs({ ai: false }))).toBe(true);
    expect(AI_TAG_LABELS).toContain('AIイラスト');
  });

  it('shows an AI work that is also R-18 only when both toggles are on', () => {
    const aiR18 = item({ illust_ai_type: 2, x_restrict: 1 });
    expect(isHiddenByContent(aiR18, prefs({ ai: true, r18: false }))).toBe(true);
    expect(isHiddenByContent(aiR18, prefs({ ai: false, r18: true }))).toBe(true);
    expect(isHiddenByContent(aiR18, prefs({ ai: true, r18: true }))).toBe(false);
    const aiR18g = item({ illust_ai_type: 2, x_restrict: 2 });
    expect(isHiddenByContent(aiR18g, prefs({ ai: false, r18g: true }))).toBe(true);
    expect(isHiddenByContent(aiR18g, prefs({ ai: true, r18g: true }))).toBe(false);
  });

  it('hides blocked authors and works with a blocked tag or translated tag', () => {
    const blocks = { tags: ['ホラー', 'gore'], authorIds: [42] };
    expect(isHiddenByContent(item({ author: { id: 42 } }), prefs({}, blocks))).toBe(true);
    expect(isHiddenByContent(item({ tags: [{ name: 'ホラー' }] }), prefs({}, blocks))).toBe(true);
    const translated = item({ tags: [{ name: 'グロ', translated_name: 'gore' }] });
    expect(isHiddenByContent(translated, prefs({}, blocks))).toBe(true);
    expect(isHiddenByContent(item(), prefs({}, blocks))).toBe(false);
  });

  it('filters a list keeping order', () => {
    const list = [
      item({ author: { id: 1 } }),
      item({ x_restrict: 1 }),
      item({ author: { id: 3 } }),
    ];
    expect(filterArtworks(list, prefs()).map((i) => i.author.id)).toEqual([1, 3]);
  });

  it('parses block lists trimmed and de-duplicated', () => {
    expect(parseBlockList(' a, b ,,a,c， b ')).toEqual(['a', 'b', 'c']);
    expect(parseBlockList('')).toEqual([]);
    expect(parseBlockLists('x,x,y', '12, 12,abc, 7')).toEqual({
      tags: ['x', 'y'],
      authorIds: [12, 7],
    });
  });
});

describe('filterBlockedUsers', () => {
  it('drops users whose id is on the author block list and keeps the order of the rest', () => {
    const users = [{ id: 3 }, { id: 1 }, { id: 2 }];
    expect(filterBlockedUsers(users, { authorIds: [1] })).toEqual([{ id: 3 }, { id: 2 }]);
    expect(filterBlockedUsers(users, { authorIds: [] })).toEqual(users);
    expect(filterBlockedUsers(users, { authorIds: [9] })).toEqual(users);
  });
});
