import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_FILTERS } from '@pv/core';
import { illustSearchParams, searchKey } from './search.ts';

describe('the illust search query', () => {
  it('sends search_ai_type=1 with AI off and 0 with AI on, and the filters as HibiAPI names them', () => {
    expect(
      illustSearchParams(
        {
          word: '猫 -R-18 -R18 -18+',
          hideAi: true,
          filters: {
            ...DEFAULT_SEARCH_FILTERS,
            mode: 'exact_match_for_tags',
            order: 'date_asc',
            duration: 'within_last_week',
          },
        },
        2,
      ),
    ).toEqual({
      word: '猫 -R-18 -R18 -18+',
      page: 2,
      search_ai_type: 1,
      mode: 'exact_match_for_tags',
      order: 'date_asc',
      duration: 'within_last_week',
      start_date: undefined,
      end_date: undefined,
    });
    expect(illustSearchParams({ word: '猫', hideAi: false }, 1)).toMatchObject({
      search_ai_type: 0,
      mode: 'partial_match_for_tags',
      order: 'date_desc',
    });
  });

  it('gives each filter and AI choice its own list', () => {
    const base = { word: '猫', hideAi: false };
    expect(searchKey({ ...base, hideAi: true })).not.toEqual(searchKey(base));
    expect(
      searchKey({ ...base, filters: { ...DEFAULT_SEARCH_FILTERS, order: 'date_asc' } }),
    ).not.toEqual(searchKey(base));
  });
});
