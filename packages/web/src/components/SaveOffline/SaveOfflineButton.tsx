import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../ActionButton/ActionButton.tsx';
import {
  removeSaved,
  saveForOffline,
  useIsSaved,
  type SavePlan,
  type SavedKind,
} from '../../state/db/saved.ts';
import { isOwnServerBase, readApiBase } from '../../state/settings/api-base.ts';
import { userToken } from '../../state/settings/client-config.ts';
import { showToast } from '../../state/ui/toast.ts';

const SAVE = 'M19 9h-4V3H9v6H5l7 7 7-7zM5 18v2h14v-2H5z';
const SAVED = 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z';

export interface SaveOfflineButtonProps {
  kind: SavedKind;
  id: number;
  /** What to keep; called on press (a novel reads its text first). `apiBase` is the mirror's. */
  plan: (apiBase: string) => Promise<SavePlan> | SavePlan;
}

/** "Save for offline" on an artwork or a novel (issue 19); pressed again, removes the copy. */
export function SaveOfflineButton({ kind, id, plan }: SaveOfflineButtonProps) {
  const { t } = useTranslation();
  const saved = useIsSaved(kind, id);
  const [busy, setBusy] = useState(false);
  const press = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if (saved) {
        await removeSaved({ kind, id });
        showToast('saved.removed');
      } else {
        showToast('saved.saving');
        const base = readApiBase();
        const token = isOwnServerBase(base) ? userToken() : undefined;
        await saveForOffline(await plan(base), token ? { 'x-pixiv-refresh-token': token } : {});
        showToast('saved.done');
      }
    } catch {
      showToast('saved.failed', { error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionButton
      icon={saved ? SAVED : SAVE}
      lit={saved ? 'accent' : undefined}
      aria-pressed={saved}
      aria-busy={busy}
      onClick={() => void press()}
      data-testid="save-offline"
    >
      {t(saved ? 'saved.is_saved' : 'saved.save')}
    </ActionButton>
  );
}
