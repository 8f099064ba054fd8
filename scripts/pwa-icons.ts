/**
 * Draws the storefront's app icons (web app manifest, home screen) from its favicon, the brand mark:
 *   npx tsx scripts/pwa-icons.ts
 * The output in apps/storefront/public/icons is committed; run this again after changing favicon.svg.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const PUBLIC_DIR = resolve(__dirname, '../apps/storefront/public');
const BACKGROUND = '#fff6ec';

async function main(): Promise<void> {
  const mark = readFileSync(join(PUBLIC_DIR, 'favicon.svg'));
  const out = join(PUBLIC_DIR, 'icons');
  mkdirSync(out, { recursive: true });
  const draw = async (file: string, size: number, markSize: number) => {
    const drawn = await sharp(mark, { density: 1200 }).resize(markSize, markSize).png().toBuffer();
    await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
      .composite([{ input: drawn, gravity: 'centre' }])
      .png({ compressionLevel: 9, palette: true })
      .toFile(join(out, file));
    console.log(`${file}: ${size} px`);
  };
  await draw('icon-192.png', 192, 176);
  await draw('icon-512.png', 512, 472);
  // Maskable: the launcher may cut the icon to a circle of 80% of its width; the mark stays inside it.
  await draw('maskable-512.png', 512, 360);
  await draw('apple-touch-icon.png', 180, 152);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
