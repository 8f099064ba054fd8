/**
 * Renders the demo products' pictures: each SVG drawing in apps/api-gateway/assets/demo goes through the image
 * pipeline of the owner's uploads (ImageProcessor: the original re-encoded plus its WebP copies) and is written
 * under apps/api-gateway/assets/demo/images with an upload's name, the URL the demo catalogue stores
 * (`demoImageUrl`). The output is committed; run this again after changing a drawing:
 *   npx tsx scripts/demo-images.ts
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { ImageProcessor } from '../apps/api-gateway/src/uploads/image-processor';
import { DEMO_IMAGE_WIDTH, demoImageUrl } from '../apps/catalog-service/src/products/demo-products';

const DEMO_DIR = resolve(__dirname, '../apps/api-gateway/assets/demo');
const PREFIX = '/api/files/demo/';

async function main(): Promise<void> {
  const processor = new ImageProcessor(DEMO_IMAGE_WIDTH * DEMO_IMAGE_WIDTH);
  rmSync(join(DEMO_DIR, 'images'), { recursive: true, force: true });
  for (const file of readdirSync(DEMO_DIR).filter((name) => name.endsWith('.svg')).sort()) {
    const name = basename(file, '.svg');
    // Rendered at the original's width, losslessly, so the pipeline's own encoding is the only lossy step.
    const rendered = await sharp(readFileSync(join(DEMO_DIR, file)), { density: 72 })
      .resize({ width: DEMO_IMAGE_WIDTH })
      .webp({ lossless: true })
      .toBuffer();
    const processed = await processor.process(rendered, 'webp');
    const originalPath = join(DEMO_DIR, demoImageUrl(name).slice(PREFIX.length));
    mkdirSync(dirname(originalPath), { recursive: true });
    writeFileSync(originalPath, processed.original.data);
    const base = originalPath.replace(/\.webp$/, '');
    for (const variant of processed.variants) writeFileSync(`${base}-${variant.width}.webp`, variant.data);
    const sizes = [processed.original, ...processed.variants].map((image) => `${image.width}px ${(image.data.length / 1024).toFixed(1)} KB`);
    console.log(`${name}: ${basename(originalPath)} (${sizes.join(', ')})`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
