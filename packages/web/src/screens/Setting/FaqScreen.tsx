import { useTranslation } from 'react-i18next';
import { SettingPage, SettingSection } from './rows.tsx';
import info from './Info.module.css';

/** The topics of spec 001 §2.8, written for this viewer and its server. */
export const FAQ_TOPICS = [
  'rate_limit',
  'slow_images',
  'region',
  'cookie_login',
  'not_found',
] as const;

/** `/setting/about/faq`: each question with its answer. */
export default function FaqScreen() {
  const { t } = useTranslation();
  return (
    <SettingPage titleKey="title.faq" testId="faq">
      <SettingSection>
        <div className={info.text}>
          {FAQ_TOPICS.map((topic) => (
            <section key={topic}>
              <h3>{t(`faq.${topic}_q`)}</h3>
              <p>{t(`faq.${topic}_a`)}</p>
            </section>
          ))}
        </div>
      </SettingSection>
    </SettingPage>
  );
}
