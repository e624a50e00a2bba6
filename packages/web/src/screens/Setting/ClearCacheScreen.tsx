import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { formatBytes } from '../../lib/bytes.ts';
import {
  clearIdb,
  idbStats,
  webStorageStats,
  type StoreStats,
} from '../../state/db/storage-stats.ts';
import { savedBytes, useSavedItems } from '../../state/db/saved.ts';
import { showToast } from '../../state/ui/toast.ts';
import { RowLabel, SettingPage, SettingSection } from './rows.tsx';
import styles from './Setting.module.css';

type Store = 'idb' | 'local' | 'session';
const STORES: readonly Store[] = ['idb', 'local', 'session'];

/** Clearing localStorage removes the settings and the login: the app restarts without them. */
export const LOCAL_CLEAR_RELOAD_MS = 500;

async function statsOf(store: Store): Promise<StoreStats | null> {
  try {
    if (store === 'idb') return await idbStats();
    return webStorageStats(store === 'local' ? localStorage : sessionStorage);
  } catch {
    return null;
  }
}

/**
 * `/setting/clearcache` (spec 001 §2.5): the database, localStorage and sessionStorage, each
 * with its record count and size and a clear button that asks first.
 */
export default function ClearCacheScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [stats, setStats] = useState<Partial<Record<Store, StoreStats | null>>>({});
  const [asking, setAsking] = useState<Store | null>(null);
  const saved = useSavedItems();

  // Bumped after each clear, so the counts are read again.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    void Promise.all(STORES.map(statsOf)).then((next) => {
      if (live) setStats(Object.fromEntries(STORES.map((s, i) => [s, next[i]])));
    });
    return () => {
      live = false;
    };
  }, [generation]);

  const clearStore = async (store: Store) => {
    setAsking(null);
    if (store === 'idb') await clearIdb(queryClient);
    else if (store === 'session') sessionStorage.clear();
    else {
      localStorage.clear();
      window.setTimeout(() => window.location.reload(), LOCAL_CLEAR_RELOAD_MS);
    }
    showToast('cache.cleared');
    setGeneration((g) => g + 1);
  };

  return (
    <SettingPage titleKey="title.clearcache" testId="clear-cache">
      <SettingSection>
        {STORES.map((store) => {
          const s = stats[store];
          const summary =
            s === undefined
              ? t('common.loading')
              : s === null
                ? t('cache.unavailable')
                : t('cache.summary', {
                    count: s.count,
                    size: formatBytes(s.bytes, i18n.language),
                  });
          return (
            <div className={styles.row} key={store} data-testid={`cache-${store}`}>
              <RowLabel label={t(`cache.${store}`)} hint={summary} />
              <button
                type="button"
                className={styles.secondary}
                disabled={!s || s.count === 0}
                onClick={() => setAsking(store)}
              >
                {t('cache.clear')}
              </button>
            </div>
          );
        })}
        {/* What the user saved for offline reading: removed item by item on its own page. */}
        <div className={styles.row} data-testid="cache-saved">
          <RowLabel
            label={t('saved.title')}
            hint={t('saved.used', {
              count: saved.length,
              size: formatBytes(savedBytes(saved), i18n.language),
            })}
          />
          <Link to="/saved" className={styles.secondary}>
            {t('saved.manage')}
          </Link>
        </div>
      </SettingSection>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`cache.${asking}`) : undefined}
        message={t(asking === 'local' ? 'cache.confirm_local' : 'cache.confirm')}
        onConfirm={() => asking && void clearStore(asking)}
        onCancel={() => setAsking(null)}
      />
    </SettingPage>
  );
}
