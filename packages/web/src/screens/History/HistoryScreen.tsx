import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toProxiedImageUrl } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { PillTabs } from '../../components/PillTabs/PillTabs.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import type { PagedList } from '../../lib/usePagedList.ts';
import { clearHistory, useHistory, type HistoryKind } from '../../state/db/history.ts';
import { useServerConfig } from '../../state/queries/config.ts';
import styles from './History.module.css';
import { EmptyState } from '../../components/ListFooter/EmptyState.tsx';

/** The tabs of spec 001 §2.4: i (illustrations and manga), n (novels), u (users). */
const TABS = ['i', 'n', 'u'] as const;
type Tab = (typeof TABS)[number];
const KIND: Record<Tab, HistoryKind> = { i: 'illusts', n: 'novels', u: 'users' };

/** A finished list of what is already at hand, for the shared grid. */
function staticList<T>(items: T[]): PagedList<T> {
  return { items, loading: false, finished: true, error: null, loadMore() {}, retry() {} };
}

/**
 * `/setting/history`: the viewed works, novels and users, newest first (at most 100 each), an
 * empty message, and a clear button that asks first (spec 001 §2.4).
 */
export default function HistoryScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('t') as Tab) ? (params.get('t') as Tab) : 'i';
  const [asking, setAsking] = useState(false);
  const count = useHistory(KIND[tab]).length;
  useDocumentTitle(t('title.history'));
  return (
    <div className={styles.page}>
      <TopBar title={t('title.history')}>
        <button
          type="button"
          className={styles.clear}
          disabled={count === 0}
          onClick={() => setAsking(true)}
          data-testid="history-clear"
        >
          {t('history.clear')}
        </button>
      </TopBar>
      <PillTabs
        tabs={TABS}
        current={tab}
        label={(k) => t(`history.tabs.${k}`)}
        onSelect={(k) => setParams({ t: k }, { replace: true })}
        tabTestIdPrefix="history-tab"
        className={styles.tabs}
      />
      <div role="tabpanel">
        {tab === 'i' && <IllustHistory />}
        {tab === 'n' && <NovelHistory />}
        {tab === 'u' && <UserHistory />}
      </div>
      <ConfirmDialog
        open={asking}
        message={t('history.clear_confirm')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void clearHistory(KIND[tab]);
        }}
      />
    </div>
  );
}

function Empty() {
  const { t } = useTranslation();
  return (
    <EmptyState
      message={{ title: t('history.empty'), hint: t('empty.history_hint') }}
      testId="history-empty"
      className={styles.empty}
    />
  );
}

function IllustHistory() {
  const items = useHistory('illusts');
  const list = useMemo(() => staticList(items), [items]);
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  if (items.length === 0) return <Empty />;
  return <ImageGrid list={list} imageProxy={imageProxy} />;
}

function NovelHistory() {
  const items = useHistory('novels');
  if (items.length === 0) return <Empty />;
  return (
    <ul className={styles.rows}>
      {items.map((n) => (
        <li key={n.id}>
          <Link to={`/novel/${n.id}`} className={styles.row} data-testid="history-novel">
            {typeof n.title === 'string' && n.title ? n.title : `#${n.id}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function UserHistory() {
  const items = useHistory('users');
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  if (items.length === 0) return <Empty />;
  return (
    <ul className={styles.rows}>
      {items.map((u) => (
        <li key={u.id}>
          <Link to={`/users/${u.id}`} className={styles.row} data-testid="history-user">
            <img src={toProxiedImageUrl(u.avatar, imageProxy)} alt="" loading="lazy" />
            {u.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
