import { Suspense, lazy } from 'react';
import { withChunkTimeout } from '../../lib/chunk-error.ts';
import { useNotice } from '../../state/queries/notices.ts';

/** The notice's view and the sanitiser it needs: loaded only when there is a notice to show. */
const NoticeView = lazy(() => withChunkTimeout(() => import('./NoticeView.tsx')));

/**
 * The viewer's notice (spec 000 §4 "Notice feed"): a banner at the top of every page until
 * closed, or a dialog read once when the notice is an alert (state/queries/notices.ts).
 */
export function NoticeFeed() {
  const { notice, dismiss } = useNotice();
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NoticeView notice={notice} dismiss={dismiss} />
    </Suspense>
  );
}
