import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { clearResponseCache } from '../../state/persist.ts';
import { showToast } from '../../state/ui/toast.ts';

/** The API client and the pictures are set up at start-up, so a new address reloads the page. */
export const API_BASE_RELOAD_MS = 500;

export type AddressProblem = 'invalid_url' | 'connect_error';
export type AddressCheck = { ok: true; value: string } | { ok: false; reason: AddressProblem };

/**
 * A refused address's alert, once dismissed, reloads the page (spec 001 §5.2: 'an Invalid URL
 * input alert and reload'; 'connect error alert, then reload'): the page comes back on the
 * settings still in force, and nothing was changed.
 */
const reloadAfterAlert = () => window.location.reload();

/**
 * Keeps an address only after its check (spec 001 §5.2): on success the caches are cleared, the
 * value saved and the page reloaded onto it; a refused one shows its alert (`alert`).
 */
export function useCheckedAddress(
  check: (input: string) => Promise<AddressCheck>,
  save: (value: string) => void,
) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<AddressProblem | null>(null);
  const submit = async (input: string) => {
    setChecking(true);
    const result = await check(input);
    setChecking(false);
    if (!result.ok) return setProblem(result.reason);
    await clearResponseCache(queryClient);
    save(result.value);
    showToast('pref.api_base_saved');
    window.setTimeout(() => window.location.reload(), API_BASE_RELOAD_MS);
  };
  return { checking, problem, submit };
}

/** The alert of a refused address; `connectTip` explains the failed test request. */
export function AddressAlert({
  problem,
  connectTip,
}: {
  problem: AddressProblem | null;
  connectTip: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={problem !== null}
      alert
      title={t(problem === 'invalid_url' ? 'pref.invalid_url' : 'pref.connect_error')}
      message={problem === 'invalid_url' ? t('pref.invalid_url_hint') : connectTip}
      onConfirm={reloadAfterAlert}
      onCancel={reloadAfterAlert}
    />
  );
}
