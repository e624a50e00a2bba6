import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_FAV_TAGS, SEARCH_DURATIONS, SEARCH_FIRST_DATE, SEARCH_ORDERS } from '@pv/core';
import { useBackCloses } from '../../lib/useBackCloses.ts';
import { useServerRender } from '../../lib/useServerRender.ts';
import styles from './SearchFilters.module.css';

/** The filters of a search as the URL holds them (absent: the default). */
export interface FilterValues {
  mode: string;
  order: string;
  duration?: string;
  start_date?: string;
  end_date?: string;
  minFav?: number;
}

type Field = 'mode' | 'order' | 'duration' | 'min_fav';

export interface SearchFiltersProps {
  values: FilterValues;
  /** The search targets offered, the first being the default. */
  modes: readonly string[];
  /** Where their names are in the catalogues (`search.modes` or `search.novel_modes`). */
  modeKey: 'search.modes' | 'search.novel_modes';
  /** Sets (or with '' removes) one URL parameter: mode, order, duration, start_date, end_date, min_fav. */
  set: (name: string, value: string) => void;
  /** Clears every filter at once. */
  reset: () => void;
  /** Results shown so far, and whether more pages follow; undefined while the first page loads. */
  count?: { shown: number; more: boolean };
}

/**
 * The search filters (spec 000 §2 Search: target, order, period, dates, minimum favourites) as
 * one row of chips, each naming its current value, beside the result count. A chip opens the
 * filter sheet (a modal dialog: focus stays inside, Escape closes) at its own field; a change
 * applies at once, as the list behind it searches again.
 */
export function SearchFilters({ values, modes, modeKey, set, reset, count }: SearchFiltersProps) {
  const { t } = useTranslation();
  const sheet = useRef<HTMLDialogElement>(null);
  const [shown, setShown] = useState(false);
  // The day bounds the dates, but not in a page the server rendered until the app has taken it
  // over: the render may be kept past midnight, or the two clocks differ (issue 33).
  const today = useServerRender() ? undefined : new Date().toISOString().slice(0, 10);
  /** Opens the sheet with the focus on one field. */
  const open = (field: Field | 'start_date') => {
    const dialog = sheet.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal?.();
    setShown(true);
    dialog.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };
  const close = () => sheet.current?.close();
  useBackCloses(shown, close);
  // A press that begins inside (selecting a field's text) and ends on the backdrop is a click on
  // the dialog too, and must not close it (as components/Sheet).
  const pressedBackdrop = useRef(false);

  const period =
    values.start_date || values.end_date
      ? `${values.start_date ?? SEARCH_FIRST_DATE} – ${values.end_date ?? today ?? ''}`
      : t(`search.durations.${values.duration ?? 'any'}`);
  const chips: { field: Field | 'start_date'; label: string; value: string; set: boolean }[] = [
    {
      field: 'mode',
      label: t('search.mode'),
      value: t(`${modeKey}.${values.mode}`),
      set: values.mode !== modes[0],
    },
    {
      field: 'order',
      label: t('search.order'),
      value: t(`search.orders.${values.order}`),
      set: values.order !== SEARCH_ORDERS[0],
    },
    {
      field: values.start_date || values.end_date ? 'start_date' : 'duration',
      label: t('search.duration'),
      value: period,
      set: Boolean(values.duration || values.start_date || values.end_date),
    },
    {
      field: 'min_fav',
      label: t('search.min_fav'),
      value: values.minFav
        ? t('search.min_fav_tag', { n: values.minFav })
        : t('search.min_fav_any'),
      set: values.minFav !== undefined,
    },
  ];

  return (
    <>
      <div className={styles.bar} data-testid="search-filters">
        <ul className={styles.chips} aria-label={t('search.filters')}>
          {chips.map((chip) => (
            <li key={chip.label}>
              <button
                type="button"
                className={`${styles.chip} ${chip.set ? styles.chipSet : ''}`}
                aria-haspopup="dialog"
                onClick={() => open(chip.field)}
                data-testid={`filter-chip-${chip.field === 'start_date' ? 'duration' : chip.field}`}
              >
                {chip.set || chip.field === 'mode' || chip.field === 'order' ? (
                  <>
                    <span className="visually-hidden">{chip.label}: </span>
                    {chip.value}
                  </>
                ) : (
                  // an unset period or minimum names the filter, not its 'any'
                  chip.label
                )}
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M7 10l5 5 5-5z" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
        {count && (
          <p className={styles.count} aria-live="polite" data-testid="search-count">
            {t(count.more ? 'search.count_more' : 'search.count', { count: count.shown })}
          </p>
        )}
      </div>
      {/* A click on the backdrop (the dialog itself, outside its panel) closes the sheet. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={sheet}
        className={styles.sheet}
        aria-labelledby="filter-sheet-title"
        onClose={() => setShown(false)}
        onPointerDown={(e) => {
          pressedBackdrop.current = e.target === e.currentTarget;
        }}
        onClick={(e) => {
          if (e.target === e.currentTarget && pressedBackdrop.current) close();
        }}
        data-testid="filter-sheet"
      >
        <div className={styles.panel}>
          <h2 id="filter-sheet-title" className={styles.title}>
            {t('search.filters')}
          </h2>
          <label className={styles.field}>
            {t('search.mode')}
            <select
              name="mode"
              value={values.mode}
              onChange={(e) => set('mode', e.target.value)}
              data-testid="filter-mode"
            >
              {modes.map((m) => (
                <option key={m} value={m}>
                  {t(`${modeKey}.${m}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {t('search.order')}
            <select
              name="order"
              value={values.order}
              onChange={(e) => set('order', e.target.value)}
              data-testid="filter-order"
            >
              {SEARCH_ORDERS.map((o) => (
                <option key={o} value={o}>
                  {t(`search.orders.${o}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {t('search.duration')}
            <select
              name="duration"
              value={values.duration ?? ''}
              onChange={(e) => set('duration', e.target.value)}
              data-testid="filter-duration"
            >
              <option value="">{t('search.durations.any')}</option>
              {SEARCH_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {t(`search.durations.${d}`)}
                </option>
              ))}
            </select>
          </label>
          <div className={styles.dates}>
            <label className={styles.field}>
              {t('search.start_date')}
              <input
                type="date"
                name="start_date"
                min={SEARCH_FIRST_DATE}
                max={values.end_date ?? today}
                value={values.start_date ?? ''}
                onChange={(e) => set('start_date', e.target.value)}
                data-testid="filter-start"
              />
            </label>
            <label className={styles.field}>
              {t('search.end_date')}
              <input
                type="date"
                name="end_date"
                min={values.start_date ?? SEARCH_FIRST_DATE}
                max={today}
                value={values.end_date ?? ''}
                onChange={(e) => set('end_date', e.target.value)}
                data-testid="filter-end"
              />
            </label>
          </div>
          <label className={styles.field}>
            {t('search.min_fav')}
            <select
              name="min_fav"
              value={values.minFav ?? ''}
              onChange={(e) => set('min_fav', e.target.value)}
              data-testid="filter-min-fav"
            >
              <option value="">{t('search.min_fav_any')}</option>
              {MIN_FAV_TAGS.map((n) => (
                <option key={n} value={n}>
                  {t('search.min_fav_tag', { n })}
                </option>
              ))}
            </select>
          </label>
          <div className={styles.actions}>
            <button type="button" onClick={reset} data-testid="filter-reset">
              {t('search.reset')}
            </button>
            <button
              type="button"
              className={styles.primary}
              onClick={close}
              data-testid="filter-done"
            >
              {t('search.done')}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
