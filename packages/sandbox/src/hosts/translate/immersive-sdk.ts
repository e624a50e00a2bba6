/**
 * A stand-in for Immersive Translate's JS SDK
 * (`https://download.immersivetranslate.com/immersive-translate-sdk-latest.js`). The real SDK
 * reads `window.immersiveTranslateConfig` (its `pageRule.selectors` name what to translate) and
 * writes each translation after its paragraph in a `<font class="immersive-translate-target-…">`.
 * This one does the same with a marked, made-up translation (it has no translator in the
 * browser), so a test can see that a page loaded the SDK with its config and its text. A page
 * without the config gets nothing, as the real SDK fails to start without it.
 */
import type { FastifyInstance } from 'fastify';

export const IMMERSIVE_SDK_PATH = '/immersive-translate-sdk-latest.js';

/** The prefix of each stand-in translation. */
export const IMMERSIVE_SDK_MARK = '[Immersive Translate]';

const SCRIPT = `(() => {
  const config = window.immersiveTranslateConfig;
  if (!config || !config.pageRule) return;
  const selectors = config.pageRule.selectors || ['p'];
  for (const el of document.querySelectorAll(selectors.join(','))) {
    const text = el.textContent.trim();
    if (!text) continue;
    const font = document.createElement('font');
    font.className = 'immersive-translate-target-wrapper';
    font.lang = 'en';
    font.textContent = ${JSON.stringify(IMMERSIVE_SDK_MARK)} + ' ' + text;
    el.append(document.createElement('br'), font);
  }
  document.documentElement.dataset.immersiveTranslateSdk = 'loaded';
})();
`;

export function registerImmersiveSdk(app: FastifyInstance): void {
  app.get(IMMERSIVE_SDK_PATH, async (_req, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(SCRIPT),
  );
}
