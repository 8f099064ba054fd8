import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type UploadedImage, uploadKeys, ValidationError } from '@shop/contracts';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { FileStorage } from './file-storage';
import { asUploadRefusal, ImageProcessor } from './image-processor';
import { describeRejectedFile, sniffImageKind } from './image-type';

/** Checks, cleans, resizes and stores one uploaded image. */
@Injectable()
export class ImageUploadService {
  constructor(
    private readonly processor: ImageProcessor,
    private readonly storage: FileStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async upload(data: Buffer): Promise<UploadedImage> {
    const kind = sniffImageKind(data);
    if (!kind) throw new ValidationError(`The file is ${describeRejectedFile(data)}: only JPEG, PNG and WebP images are accepted`);

    const image = await this.processor.process(data, kind).catch((err: unknown) => {
      throw asUploadRefusal(err);
    });

    // A random name: never the client's, never guessable, never reused (so the files can be cached forever).
    // The naming rule lives in @shop/contracts: the web apps derive the same variant URLs from the stored URL.
    const id = randomBytes(16).toString('hex');
    const keys = uploadKeys(id, image.format.extension, image.original.width);
    const variantData = new Map(image.variants.map((v) => [v.width, v.data]));
    const files = [
      { key: keys.original, data: image.original.data, contentType: image.format.contentType },
      ...keys.variants.map((v) => {
        const data = variantData.get(v.width);
        if (!data) throw new Error(`the ${v.width}px variant was not made`);
        return { key: v.key, data, contentType: 'image/webp' };
      }),
    ];
    await this.storeAll(files);

    const url = this.storage.urlOf(keys.original);
    const variants = keys.variants.map((v) => ({ width: v.width, url: this.storage.urlOf(v.key) }));
    // The original joins the srcset only where it is wider than every variant (a width may appear once).
    const widest = variants.at(-1)?.width ?? 0;
    const candidates = image.original.width > widest ? [...variants, { width: image.original.width, url }] : variants;
    return {
      url,
      width: image.original.width,
      height: image.original.height,
      variants,
      srcset: candidates.map((c) => `${c.url} ${c.width}w`).join(', '),
    };
  }

  /** Stores every file or none: on a failure the files already stored are removed again. */
  private async storeAll(files: Array<{ key: string; data: Buffer; contentType: string }>): Promise<void> {
    const stored: string[] = [];
    try {
      for (const file of files) {
        await this.storage.put(file.key, file.data, file.contentType);
        stored.push(file.key);
      }
    } catch (err) {
      await Promise.all(
        stored.map((key) =>
          this.storage.delete(key).catch((cleanupErr: unknown) => this.logger.warn({ err: cleanupErr, key }, 'could not remove a partial upload')),
        ),
      );
      throw err;
    }
  }
}
