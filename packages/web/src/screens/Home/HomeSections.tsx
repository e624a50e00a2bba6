import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WideButton } from '../../components/WideButton/WideButton.tsx';
import { HomeTabs } from './HomeTabs.tsx';
import styles from './HomeSections.module.css';

/**
 * What the illustration, manga and novel homes share (spec 000 §2): the page under the home tabs,
 * the latest row that is fetched only once asked for, and the random feed under its heading.
 */
export function HomePage({ children }: { children: ReactNode }) {
  return (
    <div className={styles.home}>
      <HomeTabs />
      {children}
    </div>
  );
}

/** The latest row (`children`) once `shown`; until then its heading and a button that shows it. */
export function LatestOnDemand({
  title,
  shown,
  onShow,
  children,
}: {
  title: string;
  shown: boolean;
  onShow: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (shown) return children;
  return (
    <section aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <WideButton className={styles.loadLatest} onClick={onShow} data-testid="home-load-latest">
        {t('home.load_latest')}
      </WideButton>
    </section>
  );
}

/** The random feed (`children`: its grid) under its heading. */
export function RandomSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} data-testid="home-random">
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}
