import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMirrorTest, upstreamQueries, type MirrorTest } from './test-mirror.ts';

let m: MirrorTest;
beforeAll(async () => {
  m = await startMirrorTest();
});
afterAll(() => m.t.close());

describe('search_autocomplete', () => {
  it("answers pixiv's v2 tags and keeps v1's keyword list beside them", async () => {
    const { t, direct } = m;
    const from = t.sandbox.state.faults.log.length;
    const res = await t.app.inject({
      url: `/api/pixiv/search_autocomplete?word=${encodeURIComponent('猫')}`,
    });
    expect(res.statusCode).toBe(200);
    const query = { word: '猫', merge_plain_keyword_results: 'true' };
    expect(upstreamQueries(t, '/v2/search/autocomplete', from)).toEqual([query]);
    const v2 = (await direct.get('/v2/search/autocomplete', query)).body as {
      tags: { name: string; translated_name: string | null }[];
    };
    expect(v2.tags.length).toBeGreaterThan(0);
    const body = res.json() as typeof v2 & { search_auto_complete_keywords: string[] };
    expect(body.tags).toEqual(v2.tags);
    expect(body.tags[0]).toHaveProperty('translated_name');
    expect(body.search_auto_complete_keywords).toEqual(v2.tags.map((tag) => tag.name));
  });
});
