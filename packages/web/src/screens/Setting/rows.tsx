import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import styles from './Setting.module.css';

/** A settings sub-page: the top bar with its title, and its sections. */
export function SettingPage({
  titleKey,
  children,
  testId,
}: {
  titleKey: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t(titleKey));
  return (
    <div data-testid={testId}>
      {/* Edge to edge as on every other screen; the sections below sit in a padded column. */}
      <TopBar title={t(titleKey)} />
      <div className={styles.page}>{children}</div>
    </div>
  );
}

/** A group of rows under an optional heading. */
export function SettingSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      {title && <h2 className={styles.sectionTitle}>{title}</h2>}
      <div className={styles.group}>{children}</div>
    </section>
  );
}

/** One row's label with an optional one-line explanation under it. */
export function RowLabel({ label, hint, id }: { label: string; hint?: string; id?: string }) {
  return (
    <span className={styles.label}>
      <span>{label}</span>
      {hint && (
        <small className={styles.hint} id={id}>
          {hint}
        </small>
      )}
    </span>
  );
}

/** An on/off setting. `setting` names the stored field it controls (data-setting). */
export function SwitchRow({
  setting,
  label,
  hint,
  checked,
  disabled = false,
  onChange,
}: {
  setting: string;
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  const hintId = hint ? `hint-${setting}` : undefined;
  return (
    <label className={styles.row} data-setting={setting} data-disabled={disabled || undefined}>
      <RowLabel label={label} hint={hint} id={hintId} />
      <input
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A choice among a list (a native select: keyboard and screen readers for free). */
export function SelectRow({
  setting,
  label,
  hint,
  value,
  choices,
  disabled = false,
  stored = true,
  onChange,
}: {
  setting: string;
  label: string;
  hint?: string;
  value: string;
  choices: readonly Choice[];
  disabled?: boolean;
  /** False for a shortcut that sets other rows' fields (the reader's colour presets). */
  stored?: boolean;
  onChange: (value: string) => void;
}) {
  const hintId = hint ? `hint-${setting}` : undefined;
  return (
    <label className={styles.row} data-setting={stored ? setting : undefined}>
      <RowLabel label={label} hint={hint} id={hintId} />
      <select
        className={styles.select}
        value={value}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.target.value)}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value} disabled={c.disabled}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
