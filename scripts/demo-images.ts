/**
 * Renders the demo products' pictures: each SVG drawing in apps/api-gateway/assets/demo goes through the image
 * pipeline of the owner's uploads (ImageProcessor: the original re-encoded plus its WebP copies) and is written
 * under apps/api-gateway/assets/demo/images with an upload's name, the URL the demo catalogue stores
 * (`demoImageUrl`). Each drawing also gives three further pictures (DEMO_VIEWS): a close-up of its label, a swatch of
 * its texture in its colours, and a card with its size, what it suits and its key ingredients (DEMO_DETAILS), so a
 * demo product page shows a gallery. The output is committed; run this again after changing a drawing:
 *   npx tsx scripts/demo-images.ts
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { ImageProcessor } from '../apps/api-gateway/src/uploads/image-processor';
import {
  DEMO_DETAILS,
  DEMO_IMAGE_WIDTH,
  DEMO_PRODUCTS,
  DEMO_VIEWS,
  type DemoDetails,
  type DemoView,
  demoImageUrl,
  demoViewFile,
} from '../apps/catalog-service/src/products/demo-products';

const DEMO_DIR = resolve(__dirname, '../apps/api-gateway/assets/demo');
const PREFIX = '/api/files/demo/';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function luminanceOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The drawing's background (its first fill) and its key colour (the first that is neither near white nor near black). */
function paletteOf(svg: string): { background: string; accent: string } {
  const fills = [...svg.matchAll(/fill="(#[0-9a-fA-F]{6})"/g)].map((m) => m[1]);
  const luminance = luminanceOf;
  return { background: fills[0] ?? '#fdf0e1', accent: fills.find((hex) => luminance(hex) < 0.8 && luminance(hex) > 0.08) ?? '#a65f00' };
}

/** Words broken into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The label of the drawing, closer: the same drawing seen through a smaller window. */
function closeUp(svg: string): string {
  return svg.replace(/viewBox="[^"]*"/, 'viewBox="170 250 460 460"');
}

/** A dollop of the product in its key colour, with a swirl and a highlight. */
function texture(name: string, { background, accent }: { background: string; accent: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img">
<title>${escapeXml(name)}: texture</title>
<rect width="800" height="800" fill="${background}"/>
<ellipse cx="400" cy="640" rx="300" ry="40" fill="#000" opacity=".08"/>
<path d="M130 600 C120 470 230 380 330 400 C360 290 520 270 580 370 C690 380 720 520 660 600 Z" fill="${accent}"/>
<path d="M200 560 C260 470 380 470 420 520 C460 570 560 560 600 500" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="22" stroke-linecap="round"/>
<path d="M300 440 C340 400 420 390 470 420" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="14" stroke-linecap="round"/>
<ellipse cx="480" cy="360" rx="46" ry="22" fill="#fff" opacity=".4" transform="rotate(-18 480 360)"/>
<text x="400" y="150" font-family="Arial,Helvetica,sans-serif" font-size="22" font-weight="700" letter-spacing="6" fill="#3a2218" opacity=".7" text-anchor="middle">THE TEXTURE</text>
<text x="400" y="200" font-family="Georgia,'DejaVu Serif',serif" font-size="38" font-weight="700" fill="#3a2218" text-anchor="middle">${escapeXml(name)}</text>
</svg>`;
}

/** A card with the product's size, what it suits and its first key ingredients. */
function detailsCard(name: string, details: DemoDetails, { background, accent }: { background: string; accent: string }): string {
  // Water is in most of them and says nothing; a long name would run off the card.
  const ingredients = details.ingredients
    .replace(/\.$/, '')
    .split(/,\s*/)
    .filter((item) => item.toLowerCase() !== 'water' && item.length <= 32)
    .slice(0, 4)
    .map((item) => item.charAt(0).toUpperCase() + item.slice(1));
  // Headings in a pale key colour (a yellow) would not read on the white card: those are drawn dark.
  const heading = luminanceOf(accent) > 0.45 ? '#6b4a12' : accent;
  const lines: string[] = [];
  let y = 250;
  const block = (title: string, body: string[]) => {
    lines.push(`<text x="120" y="${y}" font-family="Arial,Helvetica,sans-serif" font-size="22" font-weight="700" letter-spacing="4" fill="${heading}">${escapeXml(title)}</text>`);
    y += 46;
    for (const line of body) {
      lines.push(`<text x="120" y="${y}" font-family="Georgia,'DejaVu Serif',serif" font-size="32" fill="#3a2218">${escapeXml(line)}</text>`);
      y += 42;
    }
    y += 30;
  };
  block('SIZE', [details.size]);
  block('SUITS', wrap(details.suitedFor, 32).slice(0, 2));
  block('KEY INGREDIENTS', ingredients.map((item) => `• ${item}`));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img">
<title>${escapeXml(name)}: size and ingredients</title>
<rect width="800" height="800" fill="${background}"/>
<rect x="70" y="70" width="660" height="660" rx="36" fill="#fff" opacity=".8"/>
<rect x="70" y="70" width="660" height="14" rx="7" fill="${accent}"/>
<text x="120" y="170" font-family="Georgia,'DejaVu Serif',serif" font-size="40" font-weight="700" fill="#3a2218">${escapeXml(wrap(name, 26)[0] ?? name)}</text>
${lines.join('\n')}
</svg>`;
}

/** The further pictures of one drawing, as SVG text. */
function viewsOf(file: string, svg: string): Array<{ view: DemoView; svg: string }> {
  const product = DEMO_PRODUCTS.find((p) => p.image === demoImageUrl(file));
  if (!product) return [];
  const palette = paletteOf(svg);
  const drawings: Record<DemoView, string> = {
    'close-up': closeUp(svg),
    texture: texture(product.name, palette),
    details: detailsCard(product.name, DEMO_DETAILS[product.name], palette),
  };
  return DEMO_VIEWS.map((view) => ({ view, svg: drawings[view] }));
}

async function render(processor: ImageProcessor, name: string, svg: string): Promise<void> {
  // Rendered at the original's width, losslessly, so the pipeline's own encoding is the only lossy step.
  const rendered = await sharp(Buffer.from(svg), { density: 72 }).resize({ width: DEMO_IMAGE_WIDTH }).webp({ lossless: true }).toBuffer();
  const processed = await processor.process(rendered, 'webp');
  const originalPath = join(DEMO_DIR, demoImageUrl(name).slice(PREFIX.length));
  mkdirSync(dirname(originalPath), { recursive: true });
  writeFileSync(originalPath, processed.original.data);
  const base = originalPath.replace(/\.webp$/, '');
  for (const variant of processed.variants) writeFileSync(`${base}-${variant.width}.webp`, variant.data);
  const sizes = [processed.original, ...processed.variants].map((image) => `${image.width}px ${(image.data.length / 1024).toFixed(1)} KB`);
  console.log(`${name}: ${basename(originalPath)} (${sizes.join(', ')})`);
}

async function main(): Promise<void> {
  const processor = new ImageProcessor(DEMO_IMAGE_WIDTH * DEMO_IMAGE_WIDTH);
  rmSync(join(DEMO_DIR, 'images'), { recursive: true, force: true });
  for (const file of readdirSync(DEMO_DIR).filter((name) => name.endsWith('.svg')).sort()) {
    const name = basename(file, '.svg');
    const svg = readFileSync(join(DEMO_DIR, file), 'utf8');
    await render(processor, name, svg);
    for (const { view, svg: drawing } of viewsOf(name, svg)) await render(processor, demoViewFile(name, view), drawing);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
