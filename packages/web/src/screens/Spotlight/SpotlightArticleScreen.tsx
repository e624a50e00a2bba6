import { SpotlightDetail } from './SpotlightDetail.tsx';

/** `/a/{id}` and `/pixivision/{id}`: the article variant. */
export default function SpotlightArticleScreen() {
  return <SpotlightDetail variant="article" />;
}
