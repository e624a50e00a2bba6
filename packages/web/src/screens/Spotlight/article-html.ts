/**
 * A pixivision article body for the DOM (spec 000 §2 Spotlights, DESIGN.md "untrusted HTML").
 * The server already sanitises it; it is sanitised again here by the app's one sanitiser, since
 * the app may talk to any compatible mirror.
 */
import { SPOTLIGHT_BODY_TAGS } from '@pv/core';
import { safeHtml } from '../../lib/safe-html.ts';

export { IN_APP_ATTR, inAppPath } from '../../lib/safe-html.ts';

/** The body as safe HTML: sanitised, images proxied (or dropped), links made in-app or external. */
export function articleHtml(html: string, imageProxy?: string): string {
  return safeHtml(html, { tags: SPOTLIGHT_BODY_TAGS, imageProxy });
}
