import { useTranslation } from 'react-i18next';
import { SettingPage, SettingSection } from './rows.tsx';
import info from './Info.module.css';

/** `/setting/about/disclaimer`. */
export default function DisclaimerScreen() {
  const { t } = useTranslation();
  return (
    <SettingPage titleKey="title.disclaimer" testId="disclaimer">
      <SettingSection>
        <div className={info.text}>
          {(['p1', 'p2', 'p3'] as const).map((p) => (
            <p key={p}>{t(`disclaimer.${p}`)}</p>
          ))}
        </div>
      </SettingSection>
    </SettingPage>
  );
}
