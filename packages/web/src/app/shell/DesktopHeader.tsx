import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../components/SearchBox/SearchBox.tsx';
import styles from './DesktopHeader.module.css';

/** Search screens and Home have a search box of their own, which then is the page's one. */
const OWN_SEARCH_BOX = /^\/(search|s\/|home$|index|$)/;

/**
 * The desktop header (from 1024 px): the app's name, leading Home, and the global search box
 * (illustrations and manga), above the side rail and the screen's own top bar.
 */
export function DesktopHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <header className={styles.header} data-testid="desktop-header">
      <Link to="/" className={styles.brand}>
        {t('app.name')}
      </Link>
      <div className={styles.search}>
        {!OWN_SEARCH_BOX.test(pathname) && <SearchBox target="illust" />}
      </div>
    </header>
  );
}
