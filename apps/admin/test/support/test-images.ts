import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';

/** A small PNG the tests upload or serve. */
export function makePng(color = { r: 11, g: 100, b: 102 }): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * The browser has no internet: pasted example.com images and YouTube thumbnails are served by the test,
 * so pages settle and no console error comes from a missing picture.
 */
export async function serveOutsideImages(context: BrowserContext, png: Buffer): Promise<void> {
  await context.route(/^https:\/\/(example\.com|i\.ytimg\.com)\//, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
}
