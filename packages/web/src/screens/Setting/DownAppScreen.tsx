import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from './ExternalLink.tsx';
import { SettingPage, SettingSection } from './rows.tsx';
import styles from './Setting.module.css';
import info from './Info.module.css';

interface InstallPrompt extends Event {
  prompt: () => Promise<void>;
}

/** pixiv's own apps, for what this viewer does not do (posting, messages). */
const OFFICIAL_APPS = [
  {
    name: 'pixiv — Google Play',
    href: 'https://play.google.com/store/apps/details?id=jp.pxv.android',
  },
  { name: 'pixiv — App Store', href: 'https://apps.apple.com/app/pixiv/id757999451' },
] as const;

/**
 * `/setting/down_app` (spec 001 §2.8): this viewer installs from the browser itself (a button
 * where the browser offers it, the steps elsewhere), and pixiv's official apps.
 */
export default function DownAppScreen() {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setPrompt(e as InstallPrompt);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);
  return (
    <SettingPage titleKey="title.down_app" testId="down-app">
      <SettingSection title={t('down_app.install')}>
        {prompt && (
          <div className={styles.row}>
            <span>{t('down_app.install_now')}</span>
            <button type="button" className={styles.button} onClick={() => void prompt.prompt()}>
              {t('down_app.install_button')}
            </button>
          </div>
        )}
        <div className={info.text}>
          {(['desktop', 'android', 'ios'] as const).map((p) => (
            <p key={p}>{t(`down_app.${p}`)}</p>
          ))}
        </div>
      </SettingSection>
      <SettingSection title={t('down_app.official')}>
        {OFFICIAL_APPS.map((a) => (
          <ExternalLink key={a.href} name={a.name} href={a.href} />
        ))}
      </SettingSection>
    </SettingPage>
  );
}
