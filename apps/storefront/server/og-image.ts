import sharp from 'sharp';

/** The size link previews (WhatsApp, Facebook, X) show best: 1.91:1, 1200 px wide. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** The largest picture (width x height) the preview decodes. */
export const OG_MAX_INPUT_PIXELS = 40_000_000;
/** The shop's cream background (theme colour) around the product picture. */
const BACKGROUND = { r: 255, g: 246, b: 236, alpha: 1 };

/**
 * A product's picture as a 1200 x 630 JPEG for link previews: the whole picture, scaled to the height and
 * centred on the shop's background (never cropped, so a tall bottle keeps its cap). JPEG because every
 * preview crawler reads it.
 */
export async function drawOgImage(picture: Buffer): Promise<Buffer> {
  // A small file must not decode into gigabytes: the same pixel cap as the owner's uploads (UPLOAD_MAX_PIXELS).
  const fitted = await sharp(picture, { limitInputPixels: OG_MAX_INPUT_PIXELS }).resize({ width: OG_WIDTH, height: OG_HEIGHT, fit: 'contain', background: BACKGROUND }).flatten({ background: BACKGROUND }).toBuffer();
  return sharp(fitted).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/** A small in-memory cache of drawn pictures (least recently used goes first). */
export class OgImageCache {
  private readonly entries = new Map<string, Buffer>();
  constructor(private readonly max = 100) {}

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Buffer): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
