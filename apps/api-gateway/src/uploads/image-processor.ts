import { uploadVariantWidths, ValidationError } from '@shop/contracts';
import type sharpModule from 'sharp';
import type { Sharp } from 'sharp';
import { IMAGE_FORMATS, type ImageFormat, type ImageKind } from './image-type';

/** An encoded image ready to store. */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  format: ImageFormat;
  /** The upload re-encoded in its own format, upright, without any metadata. */
  original: EncodedImage;
  /** WebP copies at the standard widths that are not wider than the original (none is upscaled). */
  variants: EncodedImage[];
}

/** Why an image was refused; the message is safe to show the owner. */
export class ImageRejectedError extends Error {}

/** A refusal of the file as the API's 400; any other failure as it is. */
export function asUploadRefusal(err: unknown): unknown {
  return err instanceof ImageRejectedError ? new ValidationError(err.message) : err;
}

const DAMAGED = 'The image could not be read: the file is damaged or incomplete';

type SharpFactory = typeof sharpModule;
let sharpLoading: Promise<SharpFactory> | undefined;

/**
 * sharp, loaded on the first upload rather than at start: with libvips it is the largest thing the gateway
 * would otherwise hold in memory from boot for a rare admin action (docs/performance.md, "Memory per server app").
 */
function loadSharp(): Promise<SharpFactory> {
  return (sharpLoading ??= import('sharp').then((m) => m.default));
}

/**
 * Decodes an upload with sharp, turns it upright by its EXIF orientation, drops all metadata (EXIF with
 * GPS, XMP, IPTC, ICC after conversion to sRGB) and encodes the original plus WebP variants.
 */
export class ImageProcessor {
  constructor(private readonly maxPixels: number) {}

  async process(data: Buffer, kind: ImageKind): Promise<ProcessedImage> {
    const { format, original } = await this.clean(data, kind);
    return this.decoding(async () => {
      const sharp = await loadSharp();
      const variants: EncodedImage[] = [];
      // One at a time: the machine is small and each encode already uses sharp's worker threads.
      for (const width of uploadVariantWidths(original.width)) {
        variants.push(await encode(this.open(sharp, data).resize({ width, withoutEnlargement: true }), 'webp'));
      }
      return { format, original, variants };
    });
  }

  /**
   * The checks and the cleaning alone, without the WebP copies: the content must be the kind sniffed, within the pixel
   * limit, and whole; it comes back upright and without metadata. A shopper's photo of her transfer (issue 29) is
   * kept as this.
   */
  async clean(data: Buffer, kind: ImageKind): Promise<Pick<ProcessedImage, 'format' | 'original'>> {
    const meta = await this.readHeader(data);
    if (meta.format !== kind) throw new ImageRejectedError(DAMAGED);
    if (meta.width * meta.height > this.maxPixels) {
      throw new ImageRejectedError(
        `The image is too large: ${meta.width} x ${meta.height} pixels, at most ${formatMegapixels(this.maxPixels)} megapixels are accepted`,
      );
    }
    return this.decoding(async () => ({ format: IMAGE_FORMATS[kind], original: await encode(this.open(await loadSharp(), data), kind) }));
  }

  /** Any decoding failure of an uploaded file is a bad file, not a server fault. */
  private async decoding<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ImageRejectedError) throw err;
      throw new ImageRejectedError(DAMAGED);
    }
  }

  private async readHeader(data: Buffer): Promise<{ format: string; width: number; height: number }> {
    const sharp = await loadSharp();
    try {
      const meta = await sharp(data, { limitInputPixels: false }).metadata();
      if (!meta.width || !meta.height) throw new Error('no dimensions');
      return { format: meta.format, width: meta.width, height: meta.height };
    } catch {
      throw new ImageRejectedError(DAMAGED);
    }
  }

  private open(sharp: SharpFactory, data: Buffer): Sharp {
    // failOn 'error' also refuses truncated files, but not the harmless warnings many phone JPEGs carry.
    return sharp(data, { failOn: 'error', limitInputPixels: this.maxPixels, autoOrient: true });
  }
}

async function encode(pipeline: Sharp, kind: ImageKind): Promise<EncodedImage> {
  const encoder =
    kind === 'jpeg'
      ? pipeline.jpeg({ quality: 85, progressive: true })
      : kind === 'png'
        ? pipeline.png({ compressionLevel: 9, effort: 7 })
        : pipeline.webp({ quality: 82 });
  // sharp writes no metadata unless asked (keepMetadata/withMetadata), so the output carries none.
  const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function formatMegapixels(pixels: number): string {
  return String(Math.round((pixels / 1_000_000) * 10) / 10);
}
