import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { IN_APP_ATTR } from '../../lib/safe-html.ts';

export interface SafeHtmlProps {
  /** Output of lib/safe-html.ts, never raw upstream text. */
  html: string;
  className?: string;
  testId?: string;
  id?: string;
}

/**
 * Sanitised HTML (lib/safe-html.ts) in a div whose in-app links open with the router; outside
 * links keep their new-tab target, and modified clicks keep the browser's behaviour.
 */
export function SafeHtml({ html, className, testId, id }: SafeHtmlProps) {
  const navigate = useNavigate();
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
      id={id}
      className={className}
      onClick={onClick}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
