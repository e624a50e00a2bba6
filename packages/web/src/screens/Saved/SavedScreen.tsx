import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { formatBytes } from '../../lib/bytes.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { removeSaved, savedBytes, useSavedItems, type SavedItem } from '../../state/db/saved.ts';
import { showToast } from '../../state/ui/toast.ts';
import styles from './SavedScreen.module.css';
import { EmptyState } from '../../components/ListFooter/EmptyState.tsx';

const hrefOf = (item: SavedItem) =>
  item.kind === 'illust' ? `/artworks/${item.id}` : `/novel/${item.id}`;

/**
 * `/saved` (issue 19): what this device keeps for offline reading, newest first, with the space
 * it takes; each opens without network and can be removed.
 */
export default function SavedScreen() {
  const { t, i18n } = useTranslation();
  const items = useSavedItems();
  useDocumentTitle(t('saved.title'));
  const remove = async (item: SavedItem) => {
    await removeSaved(item);
    showToast('saved.removed');
  };
  return (
    <>
      <TopBar title={t('saved.title')} />
      <div className={styles.page}>
        <p className={styles.summary} data-testid="saved-summary">
          {t('saved.used', {
            count: items.length,
            size: formatBytes(savedBytes(items), i18n.language),
          })}
        </p>
        {items.length === 0 ? (
          <EmptyState
            message={{ title: t('empty.saved'), hint: t('empty.saved_hint') }}
            testId="saved-empty"
            className={styles.empty}
          />
        ) : (
          <ul className={styles.list} data-testid="saved-list">
            {items.map((item) => (
              <li key={`${item.kind}-${item.id}`} className={styles.item}>
                <Link to={hrefOf(item)} className={styles.link}>
                  <img className={styles.cover} src={item.cover} alt="" loading="lazy" />
                  <span className={styles.text}>
                    <span className={styles.title}>{item.title}</span>
                    <span className={styles.meta}>
                      {t(item.kind === 'illust' ? 'saved.kind_illust' : 'saved.kind_novel')} ·{' '}
                      {item.author} ·{' '}
                      {formatBytes(
                        item.files.reduce((n, f) => n + f.bytes, 0),
                        i18n.language,
                      )}
                    </span>
                  </span>
                </Link>
                <button
                  type="button"
                  className={styles.remove}
                  onClick={() => void remove(item)}
                  aria-label={`${t('saved.remove')}: ${item.title}`}
                >
                  {t('saved.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
