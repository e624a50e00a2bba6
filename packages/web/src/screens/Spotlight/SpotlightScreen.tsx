import { SpotlightDetail } from './SpotlightDetail.tsx';

/** `/spotlight/{id}` and `/sp/{id}`: the illustration variant. */
export default function SpotlightScreen() {
  return <SpotlightDetail variant="illust" />;
}
