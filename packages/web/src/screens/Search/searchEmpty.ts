import type { TFunction } from 'i18next';
import type { EmptyMessage } from '../../components/ListFooter/EmptyState.tsx';

/**
 * A search that found nothing (or that was refused: a sensitive or blocked word): which word,
 * fewer or shorter words, and the same word in another tab (illustrations for novels and
 * users, novels for illustrations).
 */
export function searchEmpty(
  t: TFunction,
  kind: 'illust' | 'novel' | 'user',
  word: string,
): EmptyMessage {
  const other = kind === 'illust' ? 'novel' : 'illust';
  const to = `${other === 'novel' ? '/search_novel' : '/search'}/${encodeURIComponent(word)}`;
  return {
    title: t(kind === 'illust' ? 'empty.search' : `empty.search_${kind}`, { word }),
    hint: t('empty.search_hint'),
    action: { to, label: t('empty.search_in', { tab: t(`search.tabs.${other}`) }) },
  };
}
