import { useMemo } from 'react';
import { filterArtworks, type Artwork, type Novel } from '@pv/core';
import type { PagedList } from '../../lib/usePagedList.ts';
import { useSettings } from '../../state/settings/settings.ts';

/**
 * A list with the content filter applied (spec 000 §5 "Content filtering (all lists)"): blocked
 * authors and tags, and R-18, R-18G and AI works the settings leave out.
 */
export function useFilteredList<T extends Artwork | Novel>(list: PagedList<T>): PagedList<T> {
  const settings = useSettings();
  const items = useMemo(() => filterArtworks(list.items, settings), [list.items, settings]);
  return { ...list, items };
}
