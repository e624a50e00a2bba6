import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCaptionShrunk } from '@pv/core';
import { SafeHtml } from '../../components/SafeHtml/SafeHtml.tsx';
import { safeHtmlBody } from '../../lib/safe-html.ts';
import styles from './ArtworkMeta.module.css';

/** What a pixiv caption may hold: line breaks, emphasis and links. */
export const CAPTION_TAGS = ['a', 'br', 'strong', 'b', 'em', 'i', 's', 'u', 'span', 'p'];

/**
 * The caption, from pixiv's HTML through the one sanitiser (links to works and users open in
 * the app, others in a new tab). Above 500 characters of text it starts shrunk, and a click
 * expands it (spec 001 §2.9).
 */
export function ArtworkCaption({ caption }: { caption: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { html, long } = useMemo(() => {
    const body = safeHtmlBody(caption, { tags: CAPTION_TAGS });
    return { html: body.innerHTML, long: isCaptionShrunk(body.textContent ?? '') };
  }, [caption]);
  const [expanded, setExpanded] = useState(false);
  if (!html.trim()) return null;
  const shrunk = long && !expanded;
  return (
    <div className={styles.captionBox}>
      <SafeHtml
        id={id}
        html={html}
        className={`${styles.caption} ${shrunk ? styles.shrunk : ''}`}
        testId="artwork-caption"
      />
      {shrunk && (
        <button
          type="button"
          className={styles.expand}
          aria-expanded={false}
          aria-controls={id}
          onClick={() => setExpanded(true)}
          data-testid="artwork-caption-expand"
        >
          {t('artwork.caption_more')}
        </button>
      )}
    </div>
  );
}
