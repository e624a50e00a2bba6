import { Navigate, useParams } from 'react-router';
import { SEARCH_MIN_BOOKMARKS_DEFAULT, filterArtworks, planSearch } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { useIllustSearch } from '../../state/queries/search.ts';
import { useSettings } from '../../state/settings/settings.ts';

/** `/search/{keyword}` (and `/s/{keyword}`): illustration and manga results. */
export default function SearchResultsScreen() {
  const keyword = useParams().keyword ?? '';
  const settings = useSettings();
  const { imageProxy } = useServerConfig();
  const plan = planSearch(keyword, settings.content);
  const search =
    plan.kind === 'search' ? { word: plan.word, hideAi: plan.hideAi } : { word: '', hideAi: false };
  const list = useIllustSearch(search, plan.kind === 'search');
  if (plan.kind === 'empty') return <Navigate to="/search" replace />;
  if (plan.kind === 'artwork') return <Navigate to={`/artworks/${plan.id}`} replace />;
  const dropAdult = plan.kind === 'search' && plan.dropAdult;
  const items = filterArtworks(list.items, settings).filter(
    (a) => (!dropAdult || a.x_restrict === 0) && a.like >= SEARCH_MIN_BOOKMARKS_DEFAULT,
  );
  return (
    <>
      <TopBar title={keyword.trim()} />
      <ImageGrid key={search.word} list={{ ...list, items }} imageProxy={imageProxy ?? undefined} />
    </>
  );
}
