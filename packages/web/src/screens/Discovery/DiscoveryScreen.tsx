import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { discoveryMode, filterArtworks } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { PillTabs } from '../../components/PillTabs/PillTabs.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { useDiscoveryList } from '../../state/queries/discovery.ts';
import { useSettings } from '../../state/settings/settings.ts';
import NotFoundScreen from '../NotFound/NotFoundScreen.tsx';
import { DiscoveryUsers } from './DiscoveryUsers.tsx';
import styles from './Discovery.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

type Tab = 'artworks' | 'users';
const TABS: readonly Tab[] = ['artworks', 'users'];
const TAB_LABEL = { artworks: 'discovery.tab_artworks', users: 'discovery.tab_users' } as const;

/**
 * `/discovery` (self-hosted mode only): pixiv's discovery picks, artworks (three pages) or users
 * (`?tab=users`, one load), with a shuffle that asks for a fresh set.
 */
export default function DiscoveryScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { selfHosted, imageProxy } = useServerConfig();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'users' ? 'users' : 'artworks';
  const [round, setRound] = useState(0);
  const list = useDiscoveryList(discoveryMode(settings.content), round, tab === 'artworks');
  const items = useMemo(() => filterArtworks(list.items, settings), [list.items, settings]);
  useDocumentTitle(t('title.discovery'), !selfHosted);
  if (!selfHosted) return <NotFoundScreen />;
  return (
    <>
      <TopBar title={t('title.discovery')}>
        <button
          type="button"
          className={styles.shuffle}
          onClick={() => {
            setRound((r) => r + 1);
            window.scrollTo(0, 0);
          }}
          data-testid="discovery-shuffle"
        >
          {t('discovery.shuffle')}
        </button>
      </TopBar>
      <PillTabs
        tabs={TABS}
        current={tab}
        label={(name) => t(TAB_LABEL[name])}
        onSelect={(name) => setSearch(name === 'users' ? { tab: name } : {}, { replace: true })}
        testId="discovery-tabs"
        tabTestIdPrefix="discovery-tab"
        className={styles.tabs}
        param="tab"
      />
      <div role="tabpanel">
        {tab === 'artworks' ? (
          <ImageGrid key={round} list={{ ...list, items }} imageProxy={imageProxy ?? undefined} />
        ) : (
          <DiscoveryUsers round={round} imageProxy={imageProxy ?? undefined} />
        )}
      </div>
    </>
  );
}
