import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_READER,
  READER_BOUNDS,
  READER_FONTS,
  READER_PRESETS,
  parseReader,
  type ReaderConfig,
} from '../../state/settings/reader.ts';
import { updateSettings, useSettings } from '../../state/settings/settings.ts';
import styles from './ReaderSettings.module.css';

/** Saves a change of the reader config, validated (clamped to the bounds of spec 001 §5.2). */
function setReader(change: Partial<ReaderConfig>) {
  updateSettings((s) => ({ ...s, reader: parseReader({ ...s.reader, ...change }) }));
}

type Bound = keyof typeof READER_BOUNDS;

/** A slider with a number field; the field applies on Enter or when it loses focus. */
function BoundField({ name, value }: { name: Bound; value: number }) {
  const { t } = useTranslation();
  const b = READER_BOUNDS[name];
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft.trim() !== '') setReader({ [name]: Number(draft) });
    setDraft(null);
  };
  const onKey = (e: KeyboardEvent) => e.key === 'Enter' && commit();
  const label = t(`novel.reader.${name}`);
  return (
    <div className={styles.field}>
      <label htmlFor={`reader-${name}`}>{label}</label>
      <input
        type="range"
        min={b.min}
        max={b.max}
        step={b.step}
        value={value}
        aria-label={label}
        onChange={(e) => setReader({ [name]: Number(e.target.value) })}
      />
      <input
        id={`reader-${name}`}
        className={styles.number}
        type="number"
        min={b.min}
        max={b.max}
        step={b.step}
        value={draft ?? String(value)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={onKey}
        data-testid={`reader-${name}`}
      />
    </div>
  );
}

/** The reader's settings (kept per device): size, line height, weight, font, direction, colours. */
export function ReaderSettings() {
  const { t } = useTranslation();
  const { reader, app } = useSettings();
  const fonts = [...READER_FONTS, ...(app.pageFont ? [app.pageFont] : [])];
  if (!fonts.includes(reader.font)) fonts.push(reader.font);
  return (
    <div className={styles.panel} data-testid="reader-settings">
      <BoundField name="size" value={reader.size} />
      <BoundField name="height" value={reader.height} />
      <BoundField name="weight" value={reader.weight} />
      <div className={styles.field}>
        <label htmlFor="reader-font">{t('novel.reader.font')}</label>
        <select
          id="reader-font"
          value={reader.font}
          onChange={(e) => setReader({ font: e.target.value })}
          data-testid="reader-font"
        >
          {fonts.map((f) => (
            <option key={f} value={f}>
              {(READER_FONTS as readonly string[]).includes(f) ? t(`novel.reader.fonts.${f}`) : f}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={styles.choices}>
        <legend>{t('novel.reader.direction')}</legend>
        {(['h', 'v'] as const).map((d) => (
          <label key={d} className={styles.choice}>
            <input
              type="radio"
              name="reader-direction"
              checked={reader.direction === d}
              onChange={() => setReader({ direction: d })}
              data-testid={`reader-direction-${d}`}
            />
            {t(`novel.reader.directions.${d}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>{t('novel.reader.colours')}</legend>
        {READER_PRESETS.map((p) => (
          <button
            key={p.name}
            type="button"
            className={styles.preset}
            style={{ background: p.bg || 'var(--surface)', color: p.color || 'var(--text)' }}
            aria-pressed={reader.bg === p.bg && reader.color === p.color}
            onClick={() => setReader({ bg: p.bg, color: p.color })}
            data-testid={`reader-preset-${p.name}`}
          >
            {t(`novel.reader.presets.${p.name}`)}
          </button>
        ))}
      </fieldset>
      <div className={styles.colours}>
        <label className={styles.colour}>
          <input
            type="color"
            value={reader.color || '#333333'}
            onChange={(e) => setReader({ color: e.target.value })}
            data-testid="reader-color"
          />
          {t('novel.reader.text_colour')}
        </label>
        <label className={styles.colour}>
          <input
            type="color"
            value={reader.bg || '#ffffff'}
            onChange={(e) => setReader({ bg: e.target.value })}
            data-testid="reader-bg"
          />
          {t('novel.reader.background')}
        </label>
        <button
          type="button"
          className={styles.reset}
          onClick={() => setReader({ ...DEFAULT_READER })}
          data-testid="reader-reset"
        >
          {t('novel.reader.reset')}
        </button>
      </div>
    </div>
  );
}
