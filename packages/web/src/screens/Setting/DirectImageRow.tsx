import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { pictureHelper } from '../../lib/direct-pictures.ts';
import { setAppSetting, useAppSetting } from '../../state/settings/settings.ts';
import { ExternalLink } from './ExternalLink.tsx';
import { SwitchRow } from './rows.tsx';

/** The mode's change takes effect at the next start (the pictures are swapped from the start). */
export const DIRECT_IMAGE_RELOAD_MS = 500;
const TAMPERMONKEY = 'https://www.tampermonkey.net/';
/** The helper userscript of the original viewer, which this mode speaks to. */
export const HELPER_SCRIPT =
  'https://fastly.jsdelivr.net/gh/asadahimeka/pixiv-viewer@master/public/helper/helper.user.js';

const saveAndReload = (on: boolean) => {
  setAppSetting('isDirectPximg', on);
  window.setTimeout(() => window.location.reload(), DIRECT_IMAGE_RELOAD_MS);
};

/**
 * Direct image mode (spec 001 §4): turning it on asks for confirmation and needs the helper
 * script installed; if it is missing an alert shows and nothing changes. Turning it off applies
 * at once. Either way the page reloads onto the new mode (lib/direct-pictures.ts).
 */
export function DirectImageRow() {
  const { t } = useTranslation();
  const on = useAppSetting('isDirectPximg');
  const [step, setStep] = useState<'confirm' | 'missing' | null>(null);
  const confirm = () => {
    if (pictureHelper()) {
      setStep(null);
      saveAndReload(true);
    } else setStep('missing');
  };
  return (
    <>
      <SwitchRow
        setting="app.isDirectPximg"
        label={t('pref.direct_image')}
        hint={t('pref.direct_image_hint')}
        checked={on}
        onChange={(next) => (next ? setStep('confirm') : saveAndReload(false))}
      />
      <ConfirmDialog
        open={step === 'confirm'}
        title={t('pref.direct_image_confirm_title')}
        body={
          <>
            <p>{t('pref.direct_image_confirm')}</p>
            <ExternalLink name="Tampermonkey" href={TAMPERMONKEY} />
            <ExternalLink name={t('pref.direct_image_script')} href={HELPER_SCRIPT} />
          </>
        }
        onConfirm={confirm}
        onCancel={() => setStep(null)}
      />
      <ConfirmDialog
        open={step === 'missing'}
        alert
        title={t('pref.direct_image')}
        message={t('pref.direct_image_missing')}
        onConfirm={() => setStep(null)}
        onCancel={() => setStep(null)}
      />
    </>
  );
}
