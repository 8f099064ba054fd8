import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type TransferProof, ValidationError } from '@shop/contracts';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { asUploadRefusal, ImageProcessor } from './image-processor';
import { describeRejectedFile, sniffImageKind } from './image-type';
import { FileStorage } from './file-storage';
import { PRIVATE_FILE_STORAGE } from './private-file-storage';

/** A proof of transfer that passed the checks, as it will be kept. */
export interface CheckedProof {
  data: Buffer;
  kind: TransferProof['kind'];
  contentType: string;
  extension: string;
}

const PDF_MAGIC = '%PDF-';
/** A PDF ends with `%%EOF` (some writers add a few bytes after it); one cut short does not. */
const PDF_TAIL_BYTES = 1024;

/**
 * Issue 29: checks and keeps a shopper's proof of transfer. A photo goes through the owner's image checks (its type
 * from its content, the pixel limit, decoded whole, re-encoded upright without metadata: no GPS or camera data is
 * kept); a PDF is recognised by its content and must be whole. Anything else is refused, saying what it was.
 */
@Injectable()
export class TransferProofFiles {
  constructor(
    private readonly processor: ImageProcessor,
    @Inject(PRIVATE_FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async check(data: Buffer): Promise<CheckedProof> {
    const image = sniffImageKind(data);
    if (image) {
      const { format, original } = await this.processor.clean(data, image).catch((err: unknown) => {
        throw asUploadRefusal(err);
      });
      return { data: original.data, kind: 'image', contentType: format.contentType, extension: format.extension };
    }
    if (data.toString('latin1', 0, PDF_MAGIC.length) === PDF_MAGIC) {
      if (!data.toString('latin1', Math.max(0, data.length - PDF_TAIL_BYTES)).includes('%%EOF')) {
        throw new ValidationError('The PDF could not be read: the file is damaged or incomplete');
      }
      return { data, kind: 'pdf', contentType: 'application/pdf', extension: 'pdf' };
    }
    throw new ValidationError(`The file is ${describeRejectedFile(data, 'not a photo or a PDF')}: only photos (JPEG, PNG or WebP) and PDF documents are accepted`);
  }

  /** Keeps a checked proof of an order under a random name; answers its key. */
  async keep(orderId: string, proof: CheckedProof): Promise<string> {
    const key = `transfer-proofs/${orderId}/${randomBytes(16).toString('hex')}.${proof.extension}`;
    await this.storage.put(key, proof.data, proof.contentType);
    return key;
  }

  /**
   * Removes a kept proof the order service did not take (a race past the limit, the order paid meanwhile) or whose
   * order was deleted. A failure is logged, never answered: the refusal or the delete it follows stands.
   */
  async discard(key: string): Promise<void> {
    await this.storage.delete(key).catch((err: unknown) => this.logger.warn({ err, key }, 'could not remove a proof of transfer'));
  }

  read(key: string): Promise<Buffer | null> {
    return this.storage.read(key);
  }
}
