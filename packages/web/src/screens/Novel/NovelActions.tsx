import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Novel, NovelText } from '@pv/core';
import { ActionButton } from '../../components/ActionButton/ActionButton.tsx';
import { useNovelBookmark } from '../../state/queries/novel-bookmark.ts';
import { SaveOfflineButton } from '../../components/SaveOffline/SaveOfflineButton.tsx';
import { planNovel } from '../../state/db/saved.ts';
import { showToast } from '../../state/ui/toast.ts';
import { useServerConfig } from '../../state/queries/config.ts';
import { NOVEL_DL_FORMATS } from '../../state/settings/schema.ts';
import { setAppSetting, useSettings } from '../../state/settings/settings.ts';
import { downloadNovel } from './novel-download.ts';
import styles from './NovelDetail.module.css';

const HEART =
  'M12 21l-1.4-1.3C5.4 15 2 11.9 2 8.1 2 5 4.4 2.6 7.5 2.6c1.7 0 3.4.8 4.5 2.1 1.1-1.3 2.8-2.1 4.5-2.1C19.6 2.6 22 5 22 8.1c0 3.8-3.4 6.9-8.6 11.6z';
const SHARE =
  'M18 16a3 3 0 0 0-2.4 1.2l-7-3.5a3 3 0 0 0 0-1.4l7-3.5A3 3 0 1 0 15 7l-7 3.5a3 3 0 1 0 0 3l7 3.5A3 3 0 1 0 18 16z';
const DOWNLOAD = 'M5 20h14v-2H5zm7-3 6-6-1.4-1.4-3.6 3.6V4h-2v9.2L7.4 9.6 6 11z';

/** The app's own link to a novel, for sharing. */
export const novelShareUrl = (id: number) => `${location.origin}/novel/${id}`;

function BookmarkButton({ novel }: { novel: Novel }) {
  const { t } = useTranslation();
  const { bookmarked, busy, toggle } = useNovelBookmark(novel);
  return (
    <ActionButton
      icon={HEART}
      lit={bookmarked ? 'like' : undefined}
      aria-pressed={bookmarked}
      aria-busy={busy}
      onClick={() => void toggle()}
      data-testid="novel-bookmark"
    >
      {t(bookmarked ? 'card.unbookmark' : 'card.bookmark')}
    </ActionButton>
  );
}

/** Share: the system sheet where there is one, else a menu (copy the link, post to X, pixiv). */
function ShareButton({ novel }: { novel: Novel }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // the page's address, read when the menu is used (the server renders this with no location)
  const url = () => novelShareUrl(novel.id);
  const share = () => {
    if (typeof navigator.share === 'function') {
      navigator.share({ title: novel.title, url: url() }).catch(() => undefined);
    } else setOpen((o) => !o);
  };
  const copy = () => {
    setOpen(false);
    navigator.clipboard.writeText(url()).then(
      () => showToast('novel.link_copied'),
      () => showToast('novel.copy_failed', { error: true }),
    );
  };
  const tweet = () =>
    `https://twitter.com/intent/tweet?${new URLSearchParams({ text: novel.title, url: url() })}`;
  return (
    // Escape closes the menu from any of its items.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className={styles.shareBox} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <ActionButton icon={SHARE} aria-expanded={open} onClick={share} data-testid="novel-share">
        {t('novel.share')}
      </ActionButton>
      {open && (
        <ul className={styles.shareMenu} data-testid="novel-share-menu">
          <li>
            <button type="button" onClick={copy} data-testid="novel-share-copy">
              {t('novel.copy_link')}
            </button>
          </li>
          <li>
            <a href={tweet()} target="_blank" rel="noopener noreferrer">
              X (Twitter)
            </a>
          </li>
          <li>
            <a href={novel.novel_url} target="_blank" rel="noopener noreferrer">
              {t('artwork.open_on_pixiv')}
            </a>
          </li>
        </ul>
      )}
    </div>
  );
}

/** Download as txt or html (the novelDlFormat setting), named by the file-name template. */
function DownloadButton({ novel, text }: { novel: Novel; text: NovelText | undefined }) {
  const { t } = useTranslation();
  const { app } = useSettings();
  const { imageProxy } = useServerConfig();
  const [busy, setBusy] = useState(false);
  const download = () => {
    if (!text) return;
    setBusy(true);
    downloadNovel(novel, text, {
      format: app.novelDlFormat,
      template: app.dlFileNameTpl,
      imageProxy: imageProxy ?? undefined,
    })
      .catch(() => showToast('novel.download_failed', { error: true }))
      .finally(() => setBusy(false));
  };
  return (
    <div className={styles.download}>
      <ActionButton
        icon={DOWNLOAD}
        disabled={!text || busy}
        aria-busy={busy}
        onClick={download}
        data-testid="novel-download"
      >
        {t('novel.download')}
      </ActionButton>
      <select
        aria-label={t('novel.download_format')}
        value={app.novelDlFormat}
        onChange={(e) =>
          setAppSetting('novelDlFormat', e.target.value as (typeof NOVEL_DL_FORMATS)[number])
        }
        data-testid="novel-download-format"
      >
        {NOVEL_DL_FORMATS.map((f) => (
          <option key={f} value={f}>
            .{f}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface NovelActionsProps {
  novel: Novel;
  text: NovelText | undefined;
  signedIn: boolean;
}

/** Bookmark (signed in, local-app mode), share and download. */
export function NovelActions({ novel, text, signedIn }: NovelActionsProps) {
  return (
    <div className={styles.actions}>
      {signedIn && <BookmarkButton novel={novel} />}
      <ShareButton novel={novel} />
      <DownloadButton novel={novel} text={text} />
      {text && (
        <SaveOfflineButton kind="novel" id={novel.id} plan={(b) => planNovel(novel, text, b)} />
      )}
    </div>
  );
}
