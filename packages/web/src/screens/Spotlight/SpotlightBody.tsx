import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { IN_APP_ATTR, articleHtml } from './article-html.ts';
import styles from './Spotlight.module.css';

/**
 * The article's own body (columns, interviews and news live in it), sanitised again here.
 * Links to pages the app has screens for open in the app.
 */
export function SpotlightBody({ html, imageProxy }: { html: string; imageProxy?: string }) {
  const navigate = useNavigate();
  const safe = useMemo(() => articleHtml(html, imageProxy), [html, imageProxy]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) {
      return;
    }
    const link = (e.target as Element).closest(`a[${IN_APP_ATTR}]`);
    const href = link?.getAttribute('href');
    if (!href) return;
    e.preventDefault();
    void navigate(href);
  };
  return (
    // Clicks on the links inside are handled here; the links themselves stay keyboard-reachable
    // (Enter on a link fires this click too).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className={styles.body}
      onClick={onClick}
      data-testid="spotlight-body"
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
