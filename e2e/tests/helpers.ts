import { expect, type Locator } from '@playwright/test';

/** Waits until `img` has finished loading real pixels. */
export async function expectImageLoaded(img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
}

/** The artwork id a card or row item links to. */
export async function linkedArtworkId(link: Locator): Promise<number> {
  const href = (await link.getAttribute('href')) ?? '';
  return Number(/\/artworks\/(\d+)/.exec(href)?.[1]);
}
