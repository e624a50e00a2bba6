import { describe, expect, it } from 'vitest';
import { visiblePreviewIllusts, type UserPreview } from './user-preview.ts';

const user: UserPreview = {
  id: 1,
  name: 'u',
  avatar: '',
  illusts: [
    { id: 1, title: 'a', src: '', x_restrict: 0, illust_ai_type: 1 },
    { id: 2, title: 'b', src: '', x_restrict: 1, illust_ai_type: 1 },
    { id: 3, title: 'c', src: '', x_restrict: 2, illust_ai_type: 1 },
    { id: 4, title: 'd', src: '', x_restrict: 0, illust_ai_type: 2 },
  ],
};

describe('user card works', () => {
  it('show adult and AI works only to those who opted in', () => {
    const ids = (c: { r18: boolean; r18g: boolean; ai: boolean }) =>
      visiblePreviewIllusts(user, c).map((i) => i.id);
    expect(ids({ r18: false, r18g: false, ai: true })).toEqual([1, 4]);
    expect(ids({ r18: true, r18g: false, ai: false })).toEqual([1, 2]);
    expect(ids({ r18: true, r18g: true, ai: true })).toEqual([1, 2, 3, 4]);
  });
});
