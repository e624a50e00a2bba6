import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../../app.ts';
import { TEST_NOW, demoAccessToken } from '../../test-helpers.ts';
import { BOOKMARK_RANGE_STEPS, bookmarkRanges } from './bookmark-ranges.ts';

const { app, state } = buildSandboxApp({ now: TEST_NOW, illustCount: 5_000, userCount: 400 });
let token = '';
beforeAll(async () => {
  await app.ready();
  token = await demoAccessToken(app, 0);
});
afterAll(() => app.close());

const call = (path: string) =>
  app.inject({ url: `/app-api.pixiv.net${path}`, headers: { authorization: `Bearer ${token}` } });
type Ranges = { bookmark_ranges: { bookmark_num_min: string; bookmark_num_max: string }[] };

/** The ranges a search offers, each checked against the search itself. */
async function checkRanges(kind: 'illust' | 'novel', word: string) {
  const q = `word=${encodeURIComponent(word)}&search_target=partial_match_for_tags`;
  const res = await call(`/v1/search/bookmark-ranges/${kind}?${q}&bookmark_num_min=999999`);
  expect(res.statusCode).toBe(200);
  const ranges = (res.json() as Ranges).bookmark_ranges;
  expect(ranges.length).toBeGreaterThan(1);
  const listed = new Set(ranges.map((r) => r.bookmark_num_min));
  for (let step = 0; step < BOOKMARK_RANGE_STEPS.length; step++) {
    const min = BOOKMARK_RANGE_STEPS[step]!;
    const next = BOOKMARK_RANGE_STEPS[step + 1];
    const max = next === undefined ? '' : `&bookmark_num_max=${next - 1}`;
    const search = (
      await call(`/v1/search/${kind}?${q}&bookmark_num_min=${min}${max}`)
    ).json() as Record<string, unknown[]>;
    // A range is listed exactly when the search with its bounds has results.
    expect(search[`${kind}s`]!.length > 0, `${kind} from ${min}`).toBe(listed.has(String(min)));
  }
  return ranges;
}

describe('/v1/search/bookmark-ranges/illust and /novel', () => {
  it('cuts the counts into ranges of strings, the last one open', () => {
    expect(bookmarkRanges([0, 99, 100, 1234, 40_000])).toEqual([
      { bookmark_num_min: '0', bookmark_num_max: '99' },
      { bookmark_num_min: '100', bookmark_num_max: '249' },
      { bookmark_num_min: '1000', bookmark_num_max: '4999' },
      { bookmark_num_min: '30000', bookmark_num_max: '*' },
    ]);
    expect(bookmarkRanges([])).toEqual([]);
  });

  it('lists for an illust search exactly the ranges /v1/search/illust has works in', async () => {
    const ranges = await checkRanges('illust', state.data.work(4_000).tags[0]!.name);
    expect(ranges.at(-1)!.bookmark_num_max).toMatch(/^(\d+|\*)$/);
    // The open top range, searched without a maximum, is consistent too.
    const open = await call(
      `/v1/search/illust?word=${encodeURIComponent(state.data.work(4_000).tags[0]!.name)}&bookmark_num_min=30000&bookmark_num_max=*`,
    );
    expect(open.statusCode).toBe(200);
  });

  it('lists for a novel search exactly the ranges /v1/search/novel has novels in', async () => {
    await checkRanges('novel', state.novels.at(600).tags.at(-1)!.name);
  });

  it('answers the search’s 400 without a word or with an unknown target', async () => {
    const none = await call('/v1/search/bookmark-ranges/illust');
    expect(none.statusCode).toBe(400);
    expect((none.json() as { error: { message: string } }).error.message).toBe('word is required');
    expect(
      (await call('/v1/search/bookmark-ranges/novel?word=a&search_target=caption')).statusCode,
    ).toBe(400);
  });
});
