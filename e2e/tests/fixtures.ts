/**
 * The specs' `test`: Playwright's, with every page of a test's context waiting, after a navigation
 * that loads one of the app's pages, until the app has taken the page over (`<html data-hydrated>`,
 * packages/web lib/useHydratedMark.ts). A page the server rendered (issue 33) shows its controls
 * before the app's script has run; a test that acts on them at once would act on markup that is
 * not the app's yet. Everything else is re-exported from Playwright unchanged.
 *
 * Waited for after `goto`, `reload`, `goBack` and `goForward` when they load a document (an
 * in-app history step loads none) whose HTML is the app's (it has `#root`), unless the call asked
 * for an earlier point (`waitUntil: 'commit'` or `'domcontentloaded'`: a test of the first paint).
 */
import { test as base, type Page, type Response } from '@playwright/test';

export * from '@playwright/test';

/** How long an app's page may take to be taken over before the navigation counts as failed. */
const TAKE_OVER_TIMEOUT = 30_000;

type WaitUntil = 'load' | 'domcontentloaded' | 'networkidle' | 'commit';

/** Resolves once the document `response` loaded is the app's and adopted, or is none of its. */
export async function waitForApp(page: Page, response: Response | null): Promise<void> {
  if (!response?.request().isNavigationRequest()) return;
  if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
  try {
    await page.waitForFunction(
      () =>
        document.getElementById('root') === null ||
        document.documentElement.hasAttribute('data-hydrated'),
      undefined,
      { timeout: TAKE_OVER_TIMEOUT },
    );
  } catch (err) {
    throw new Error(`the app did not take over ${response.url()} (no <html data-hydrated>)`, {
      cause: err,
    });
  }
}

const early = (options?: { waitUntil?: WaitUntil }) =>
  options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded';

/** Makes `page`'s navigations wait for the app (see the module's comment). */
function awaitAppOnNavigation(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  const settled = async (response: Response | null, options?: { waitUntil?: WaitUntil }) => {
    if (!early(options)) await waitForApp(page, response);
    return response;
  };
  page.goto = async (url, options) => settled(await goto(url, options), options);
  page.reload = async (options) => settled(await reload(options), options);
  page.goBack = async (options) => settled(await goBack(options), options);
  page.goForward = async (options) => settled(await goForward(options), options);
}

export const test = base.extend({
  context: async ({ context, javaScriptEnabled }, use) => {
    // without scripts nothing takes a page over: the server's markup is the page
    if (javaScriptEnabled !== false) {
      context.pages().forEach(awaitAppOnNavigation);
      context.on('page', awaitAppOnNavigation);
    }
    await use(context);
  },
});
