import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captionHtml, captionShrinks } from './novel-detail.ts';
import styles from './NovelDetail.module.css';

/**
 * The sanitised caption, shrunk above 500 characters (spec 001 §9) until opened. The screen gives
 * it a new key when a translation starts, which shrinks it again (spec 001 §4).
 */
export function NovelCaption({ caption }: { caption: string }) {
  const { t } = useTranslation();
  const safe = useMemo(() => captionHtml(caption), [caption]);
  const [expanded, setExpanded] = useState(false);
  if (safe.length === 0) return null;
  const shrinks = captionShrinks(safe.length);
  const shrunk = shrinks && !expanded;
  return (
    <div className={styles.captionBox}>
      <div
        className={shrunk ? `${styles.caption} ${styles.shrunk}` : styles.caption}
        data-testid="novel-caption"
        data-shrunk={shrunk}
        // Sanitised by captionHtml (DOMPurify, inline tags and http(s) links only).
        dangerouslySetInnerHTML={{ __html: safe.html }}
      />
      {shrinks && (
        <button
          type="button"
          className={styles.more}
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
          data-testid="novel-caption-toggle"
        >
          {t(expanded ? 'novel.show_less' : 'novel.show_more')}
        </button>
      )}
    </div>
  );
}
