import { useTranslation } from 'react-i18next';
import { TopBar } from '../../app/shell/TopBar.tsx';
import styles from './PlaceholderScreen.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

/** A route whose screen comes in a later issue: its title and the top bar, never a blank page. */
export function PlaceholderScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t(titleKey));
  return (
    <>
      <TopBar title={t(titleKey)} />
      <p className={styles.text} data-testid="placeholder">
        {t('common.coming_soon')}
      </p>
    </>
  );
}

export default PlaceholderScreen;
