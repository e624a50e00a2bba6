import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OWN_API_BASE,
  checkApiBase,
  readApiBase,
  saveApiBase,
} from '../../state/settings/api-base.ts';
import { AddressAlert, useCheckedAddress, type AddressCheck } from './address-check.tsx';
import { RowLabel } from './rows.tsx';
import styles from './Setting.module.css';

const check = async (input: string): Promise<AddressCheck> => {
  const result = await checkApiBase(input);
  return result.ok ? { ok: true, value: result.base } : result;
};

/**
 * The mirror's base address, checked before it is kept (spec 001 §5.2): 'Invalid URL' for a
 * malformed one, the connect-error tip when a /rank request to it fails, each followed by a
 * reload; only on success are the caches cleared and the value saved (then the page reloads onto
 * it). Typed in manual input mode; otherwise chosen from this server's mirror and the one in force.
 */
export function ApiBaseSetting({ manual }: { manual: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState(readApiBase);
  const { checking, problem, submit } = useCheckedAddress(check, saveApiBase);
  const alert = <AddressAlert problem={problem} connectTip={t('pref.connect_error_tip')} />;
  if (!manual) {
    const current = readApiBase();
    const choices = current === OWN_API_BASE ? [OWN_API_BASE] : [OWN_API_BASE, current];
    return (
      <>
        <label className={styles.row} data-setting="apiBase">
          <RowLabel label={t('pref.api_base')} hint={t('pref.api_base_list_hint')} />
          <select
            className={styles.select}
            value={current}
            disabled={checking}
            aria-busy={checking || undefined}
            data-testid="api-base-choice"
            onChange={(e) => void submit(e.target.value)}
          >
            {choices.map((base) => (
              <option key={base} value={base}>
                {base === OWN_API_BASE ? t('pref.api_base_own', { base }) : base}
              </option>
            ))}
          </select>
        </label>
        {alert}
      </>
    );
  }
  return (
    <form
      className={styles.block}
      data-setting="apiBase"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(text);
      }}
    >
      <label htmlFor="api-base">{t('pref.api_base')}</label>
      <div className={styles.inline}>
        <input
          id="api-base"
          className={styles.input}
          value={text}
          spellCheck={false}
          aria-describedby="api-base-hint"
          data-testid="api-base"
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className={styles.button} disabled={checking}>
          {t(checking ? 'pref.checking' : 'pref.check_save')}
        </button>
      </div>
      <small className={styles.hint} id="api-base-hint">
        {t('pref.api_base_hint', { base: OWN_API_BASE })}
      </small>
      {alert}
    </form>
  );
}
