import { PrefsBackup } from './PrefsBackup.tsx';
import { PrefsDisplay } from './PrefsDisplay.tsx';
import { PrefsDownload } from './PrefsDownload.tsx';
import { PrefsNetwork } from './PrefsNetwork.tsx';
import { PrefsNovel } from './PrefsNovel.tsx';
import { PrefsViewing } from './PrefsViewing.tsx';
import { SettingPage } from './rows.tsx';

/**
 * `/setting/preference` (alias /setting/others; spec 001 §2.7, §3): every preference, each
 * applied at once through the settings store; only a new mirror address reloads the page.
 */
export default function PreferenceScreen() {
  return (
    <SettingPage titleKey="title.preference" testId="preference">
      <PrefsDisplay />
      <PrefsViewing />
      <PrefsNovel />
      <PrefsDownload />
      <PrefsNetwork />
      <PrefsBackup />
    </SettingPage>
  );
}
