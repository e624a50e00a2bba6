import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentSettings } from '@pv/core';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import {
  formatBlockList,
  minBookmarksInput,
  parseBlockedTags,
  parseBlockedUserIds,
} from '../../state/settings/block-text.ts';
import { isLocalAppSignedIn, useClientConfig } from '../../state/settings/client-config.ts';
import {
  readSettings,
  setAppSetting,
  setBlockLists,
  setContentSetting,
  setNsfwFlag,
  useSettings,
} from '../../state/settings/settings.ts';
import { RowLabel, SettingPage, SettingSection, SwitchRow } from './rows.tsx';
import styles from './Setting.module.css';

/** The adult switches reload once saved, so that every cached list is filtered anew. */
export const CONTENT_RELOAD_MS = 300;

type Step = null | 'r18' | 'r18g' | 'r18g_harm';

const reloadSoon = () => window.setTimeout(() => window.location.reload(), CONTENT_RELOAD_MS);

/** Saves an adult switch with the NSFW flag (spec 001 §4), then reloads. */
function saveAdult(key: 'r18' | 'r18g', on: boolean) {
  setContentSetting(key, on);
  const { r18, r18g } = readSettings().content;
  setNsfwFlag(r18 || r18g);
  reloadSoon();
}

/**
 * `/setting/contents_display` (spec 001 §2.6, §4): R-18 (asks your age), R-18G (asks, then
 * warns), AI-generated works and manga in rankings; the minimum bookmarks of search results
 * (local-app mode); the blocked tags and user ids, applied at once through the content filter.
 */
export default function ContentDisplayScreen() {
  const { t } = useTranslation();
  const { content, app } = useSettings();
  const localApp = isLocalAppSignedIn(useClientConfig());
  const [step, setStep] = useState<Step>(null);

  const toggle = (key: keyof ContentSettings, on: boolean) => {
    if (key === 'ai') setContentSetting('ai', on);
    else if (on) setStep(key);
    else saveAdult(key, false);
  };

  return (
    <SettingPage titleKey="title.contents_display" testId="contents-display">
      <SettingSection>
        <SwitchRow
          setting="content.r18"
          label={t('content.r18')}
          checked={content.r18}
          onChange={(on) => toggle('r18', on)}
        />
        <SwitchRow
          setting="content.r18g"
          label={t('content.r18g')}
          checked={content.r18g}
          onChange={(on) => toggle('r18g', on)}
        />
        <SwitchRow
          setting="content.ai"
          label={t('content.ai')}
          checked={content.ai}
          onChange={(on) => toggle('ai', on)}
        />
        <SwitchRow
          setting="app.hideRankManga"
          label={t('content.hide_rank_manga')}
          checked={app.hideRankManga}
          onChange={(on) => setAppSetting('hideRankManga', on)}
        />
        <MinBookmarks enabled={localApp} />
      </SettingSection>
      <BlockLists />
      <ConfirmDialog
        open={step === 'r18' || step === 'r18g'}
        title={t(step === 'r18g' ? 'content.r18g' : 'content.r18')}
        message={t('content.confirm_age')}
        onConfirm={() => {
          if (step === 'r18') {
            setStep(null);
            saveAdult('r18', true);
          } else setStep('r18g_harm');
        }}
        onCancel={() => setStep(null)}
      />
      <ConfirmDialog
        open={step === 'r18g_harm'}
        alert
        title={t('content.r18g')}
        message={t('content.r18g_harm')}
        onConfirm={() => {
          setStep(null);
          saveAdult('r18g', true);
        }}
        onCancel={() => {
          setStep(null);
          saveAdult('r18g', true);
        }}
      />
    </SettingPage>
  );
}

/** Search results with fewer bookmarks are left out; the filter needs the local-app mode. */
function MinBookmarks({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const { app } = useSettings();
  const [text, setText] = useState(String(app.searchMinFav));
  return (
    <label className={styles.row} data-setting="app.searchMinFav">
      <RowLabel
        label={t('content.min_bookmarks')}
        hint={t(enabled ? 'content.min_bookmarks_hint' : 'content.local_app_only')}
        id="hint-min-fav"
      />
      <input
        className={`${styles.input} ${styles.number}`}
        inputMode="numeric"
        value={enabled ? text : String(app.searchMinFav)}
        disabled={!enabled}
        aria-describedby="hint-min-fav"
        data-testid="min-bookmarks"
        onChange={(e) => {
          const { value, saved } = minBookmarksInput(e.target.value);
          setText(value);
          setAppSetting('searchMinFav', saved);
        }}
      />
    </label>
  );
}

/** The block lists as comma-separated text; each change is saved and filters every list. */
function BlockLists() {
  const { t } = useTranslation();
  const { blocks } = useSettings();
  const [tags, setTags] = useState(() => formatBlockList(blocks.tags));
  const [ids, setIds] = useState(() => formatBlockList(blocks.authorIds));
  const invalid = parseBlockedUserIds(ids).invalid;
  return (
    <SettingSection title={t('content.blocks')}>
      <label className={styles.block} data-setting="blocks.tags">
        <span>{t('content.blocked_tags')}</span>
        <textarea
          className={styles.textarea}
          value={tags}
          rows={3}
          placeholder={t('content.blocked_tags_placeholder')}
          data-testid="blocked-tags"
          onChange={(e) => {
            setTags(e.target.value);
            setBlockLists({ ...readSettings().blocks, tags: parseBlockedTags(e.target.value) });
          }}
        />
      </label>
      <label className={styles.block} data-setting="blocks.authorIds">
        <span>{t('content.blocked_users')}</span>
        <textarea
          className={styles.textarea}
          value={ids}
          rows={3}
          inputMode="numeric"
          placeholder="11, 12345"
          aria-invalid={invalid.length > 0}
          aria-describedby="blocked-users-error"
          data-testid="blocked-users"
          onChange={(e) => {
            setIds(e.target.value);
            const parsed = parseBlockedUserIds(e.target.value);
            setBlockLists({ ...readSettings().blocks, authorIds: parsed.ids });
          }}
        />
        <small className={styles.error} id="blocked-users-error" role="status">
          {invalid.length > 0 ? t('content.invalid_user_ids', { ids: invalid.join(', ') }) : ''}
        </small>
      </label>
    </SettingSection>
  );
}
