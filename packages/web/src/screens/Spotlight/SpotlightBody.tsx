import { useMemo } from 'react';
import { SafeHtml } from '../../components/SafeHtml/SafeHtml.tsx';
import { articleHtml } from './article-html.ts';
import styles from './Spotlight.module.css';

/**
 * The article's own body (columns, interviews and news live in it), sanitised again here.
 * Links to pages the app has screens for open in the app.
 */
export function SpotlightBody({ html, imageProxy }: { html: string; imageProxy?: string }) {
  const safe = useMemo(() => articleHtml(html, imageProxy), [html, imageProxy]);
  return <SafeHtml html={safe} className={styles.body} testId="spotlight-body" />;
}
