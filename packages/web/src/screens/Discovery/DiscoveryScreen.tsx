import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { discoveryMode, filterArtworks } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { useDiscoveryList } from '../../state/queries/discovery.ts';
import { useSettings } from '../../state/settings/settings.ts';
import NotFoundScreen from '../NotFound/NotFoundScreen.tsx';
import styles from './Discovery.module.css';

/** `/discovery` (self-hosted mode only): pixiv's discovery picks, with a shuffle. */
export default function DiscoveryScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { selfHosted, imageProxy } = useServerConfig();
  const [round, setRound] = useState(0);
  const list = useDiscoveryList(discoveryMode(settings.content), round);
  const items = useMemo(() => filterArtworks(list.items, settings), [list.items, settings]);
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
      <ImageGrid key={round} list={{ ...list, items }} imageProxy={imageProxy ?? undefined} />
    </>
  );
}
