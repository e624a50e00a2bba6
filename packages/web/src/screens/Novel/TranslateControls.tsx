import { useTranslation } from 'react-i18next';
import {
  READER_TRANSLATORS,
  TRANSLATE_TARGETS,
  immersiveTranslateUrl,
  readerTranslator,
  translatorLabel,
  type ReaderTranslator,
  type ServerTranslator,
  type TranslateTarget,
} from '../../state/queries/novel-translate.ts';
import { setAppSetting, useSettings } from '../../state/settings/settings.ts';
import styles from './NovelReader.module.css';

export interface TranslateChoice {
  translator: ServerTranslator;
  to: TranslateTarget;
  nots: boolean;
}

export interface TranslateControlsProps {
  /** The novel: Immersive Translate opens its text in a page of its own. */
  novelId: number;
  to: TranslateTarget;
  nots: boolean;
  onChange: (change: { to?: TranslateTarget; nots?: boolean }) => void;
  onTranslate: (choice: TranslateChoice) => void;
  busy: boolean;
}

/**
 * The translation service (the novelDefTranslate setting, offered in every language), the
 * language, translation only, and the button that starts it; with Immersive Translate, a link
 * that opens the text in a new tab where its SDK translates it (it picks the language there).
 */
export function TranslateControls({
  novelId,
  to,
  nots,
  onChange,
  onTranslate,
  busy,
}: TranslateControlsProps) {
  const { t } = useTranslation();
  const { app } = useSettings();
  const translator = readerTranslator(app.novelDefTranslate);
  return (
    <div className={styles.translate} data-testid="novel-translate">
      <label className={styles.inline}>
        <span className={styles.label}>{t('novel.translate.service')}</span>
        <select
          value={translator}
          onChange={(e) => setAppSetting('novelDefTranslate', e.target.value as ReaderTranslator)}
          data-testid="novel-translate-service"
        >
          {READER_TRANSLATORS.map((s) => (
            <option key={s} value={s}>
              {translatorLabel(t, s)}
            </option>
          ))}
        </select>
      </label>
      {translator === 'imt' ? (
        <a
          className={styles.tool}
          href={immersiveTranslateUrl(novelId)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="novel-translate-start"
        >
          {t('novel.translate.open_imt')}
        </a>
      ) : (
        <>
          <label className={styles.inline}>
            <span className={styles.label}>{t('novel.translate.language')}</span>
            <select
              value={to}
              onChange={(e) => onChange({ to: e.target.value as TranslateTarget })}
              data-testid="novel-translate-to"
            >
              {TRANSLATE_TARGETS.map((l) => (
                <option key={l} value={l}>
                  {t(`novel.translate.targets.${l}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.inline}>
            <input
              type="checkbox"
              checked={nots}
              onChange={(e) => onChange({ nots: e.target.checked })}
              data-testid="novel-translate-nots"
            />
            {t('novel.translate.only')}
          </label>
          <button
            type="button"
            className={styles.tool}
            disabled={busy}
            onClick={() => onTranslate({ translator, to, nots })}
            data-testid="novel-translate-start"
          >
            {t('novel.translate.start')}
          </button>
        </>
      )}
    </div>
  );
}
