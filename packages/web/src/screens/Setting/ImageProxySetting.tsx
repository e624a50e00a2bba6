import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OWN_IMAGE_SOURCE } from '../../lib/image-fallback.ts';
import { useAllowedImageSources } from '../../state/queries/config.ts';
import {
  readImageProxy,
  saveImageProxy,
  useImageProxyCheck,
} from '../../state/settings/image-proxy.ts';
import { AddressAlert, useCheckedAddress, type AddressCheck } from './address-check.tsx';
import { RowLabel } from './rows.tsx';
import styles from './Setting.module.css';

/** '' is automatic (the server's order); anything else is a source, kept once checked. */
const saveChoice = (value: string) => saveImageProxy(value === '' ? null : value);

/**
 * Where pictures load from: automatic (the server's order, with failover) or one source. A
 * choice is checked with a picture through it before it is kept (spec 001 §5.2, §5.3); on success
 * the caches are cleared and the page reloads onto it. In manual input mode the source is typed;
 * this site's security policy (its img-src) still loads pictures only from the sources its server
 * allows, so another address fails its test picture, and the hint names the allowed ones.
 */
export function ImageProxySetting({ manual }: { manual: boolean }) {
  const { t } = useTranslation();
  const checkSource = useImageProxyCheck();
  const allowed = useAllowedImageSources();
  const [chosen] = useState(readImageProxy);
  const [text, setText] = useState(chosen ?? '');
  const check = async (input: string): Promise<AddressCheck> => {
    if (input.trim() === '') return { ok: true, value: '' };
    const result = await checkSource(input.trim());
    return result.ok ? { ok: true, value: result.source } : result;
  };
  const { checking, problem, submit } = useCheckedAddress(check, saveChoice);
  const alert = <AddressAlert problem={problem} connectTip={t('pref.image_proxy_failed_tip')} />;
  if (manual) {
    return (
      <form
        className={styles.block}
        data-setting="imageProxy"
        onSubmit={(e) => {
          e.preventDefault();
          void submit(text);
        }}
      >
        <label htmlFor="image-proxy-input">{t('pref.image_proxy')}</label>
        <div className={styles.inline}>
          <input
            id="image-proxy-input"
            className={styles.input}
            value={text}
            spellCheck={false}
            placeholder={t('pref.image_proxy_auto')}
            aria-describedby="image-proxy-hint"
            data-testid="image-proxy-input"
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className={styles.button} disabled={checking}>
            {t(checking ? 'pref.checking' : 'pref.check_save')}
          </button>
        </div>
        <small className={styles.hint} id="image-proxy-hint">
          {t('pref.image_proxy_typed_hint', { sources: allowed.join(', ') })}
        </small>
        {alert}
      </form>
    );
  }
  const options = chosen && !allowed.includes(chosen) ? [...allowed, chosen] : allowed;
  return (
    <>
      <label className={styles.row} data-setting="imageProxy">
        <RowLabel label={t('pref.image_proxy')} hint={t('pref.image_proxy_hint')} />
        <select
          className={styles.select}
          value={chosen ?? ''}
          disabled={checking}
          aria-busy={checking || undefined}
          data-testid="image-proxy"
          onChange={(e) => void submit(e.target.value)}
        >
          <option value="">{t('pref.image_proxy_auto')}</option>
          {options.map((source) => (
            <option key={source} value={source}>
              {source === OWN_IMAGE_SOURCE ? t('pref.image_proxy_own') : source}
            </option>
          ))}
        </select>
      </label>
      {alert}
    </>
  );
}
