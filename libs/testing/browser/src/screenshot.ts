import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** Where every browser test saves its screenshots (looked at by people, not compared by the tests). */
export const SCREENSHOTS_DIR = resolve(__dirname, '../../../../test-output/screenshots');

/**
 * Saves a full-page shot as test-output/screenshots/{name}.png once every image has loaded. Fails when the page
 * is wider than the screen or an image does not load, naming what is wrong.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) throw new Error(`${name}: the page is ${overflow}px wider than the screen`);
  // A quick scroll does not always wake lazy images; the shot needs them all.
  await page.evaluate(() => {
    for (const img of Array.from(document.querySelectorAll('img[loading="lazy"]'))) (img as HTMLImageElement).loading = 'eager';
  });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  try {
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 15_000 });
  } catch {
    const missing = await page.evaluate(() =>
      Array.from(document.images)
        .filter((img) => !(img.complete && img.naturalWidth > 0))
        .map((img) => img.currentSrc || img.src),
    );
    throw new Error(`${name}: these images did not load: ${missing.join(', ')}`);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}
