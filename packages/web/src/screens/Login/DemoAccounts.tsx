import { useTranslation } from 'react-i18next';
import { useServerConfig } from '../../state/queries/config.ts';
import styles from './Login.module.css';

/**
 * Against the built-in sandbox, its demo accounts (packages/sandbox/README.md): who each is for
 * and the value to sign in with, a click from the field (`onUse`). The server lists them only in
 * sandbox mode, so nothing shows against pixiv.
 */
export function DemoAccounts({
  field,
  onUse,
}: {
  /** Which value this login takes: the refresh token or the www session. */
  field: 'token' | 'session';
  onUse: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { upstream, demoAccounts } = useServerConfig();
  if (upstream !== 'sandbox' || !demoAccounts?.length) return null;
  return (
    <section
      className={`${styles.form} ${styles.demo}`}
      aria-labelledby="demo-accounts-title"
      data-testid="demo-accounts"
    >
      <h2 id="demo-accounts-title">{t('login.demo_title')}</h2>
      <p className={styles.hint}>{t('login.demo_hint')}</p>
      <ul className={styles.demoList}>
        {demoAccounts.map((a) => {
          const value = field === 'token' ? a.refreshToken : a.session;
          return (
            <li key={a.account} data-testid="demo-account">
              <div className={styles.demoHead}>
                <strong>{a.account}</strong> <span className={styles.hint}>{a.name}</span>
              </div>
              <p className={styles.hint}>
                {t(`login.demo_purpose_${a.xRestrict}`)}
                {a.premium ? ` · ${t('login.demo_premium')}` : ''}
              </p>
              <code className={styles.demoValue} data-testid="demo-value">
                {value}
              </code>
              {field === 'token' && (
                <p className={styles.hint}>
                  {t('login.demo_password')} <code>{a.password}</code>
                </p>
              )}
              <button
                type="button"
                className={styles.secondary}
                onClick={() => onUse(value)}
                aria-label={t('login.demo_use_label', { account: a.account })}
                data-testid="demo-use"
              >
                {t('login.demo_use')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
