import type { Locator, Page } from 'playwright-core';

/** Expects the page to fit the screen's width as laid out now: no sideways scroll. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** The first toast (the shared toaster's message, from @shop/ui) that says `text`. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.toaster__toast', { hasText: text }).first();
}
