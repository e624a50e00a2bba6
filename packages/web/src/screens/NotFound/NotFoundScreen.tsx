import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../app/shell/TopBar.tsx';
import styles from './NotFoundScreen.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(null, true);
  return (
    <>
      <TopBar title={t('notfound.title')} />
      <section className={styles.page} data-testid="not-found">
        <p className={styles.code}>404</p>
        <p>{t('notfound.text')}</p>
        <button
          type="button"
          className={styles.button}
          data-testid="back-home"
          onClick={() => navigate('/')}
        >
          {t('notfound.back_home')}
        </button>
      </section>
    </>
  );
}
