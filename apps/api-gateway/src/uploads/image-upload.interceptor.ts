import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { TRANSFER_PROOF_FIELD, UPLOAD_FIELD, ValidationError } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import type { Observable } from 'rxjs';

/** The file's size limit as people say it: 5 MB, 1.5 MB, 800 KB. */
export function formatByteLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.floor(bytes / 1024)} KB`;
}

/**
 * Reads the one file of a multipart request into memory (multer through Nest's FileInterceptor), with the size limit
 * of UPLOAD_MAX_BYTES, and turns multer's refusals into 400s that say what to do. The owner's images and the
 * shoppers' proofs of transfer (issue 29) are read by this one class, each in its own field.
 */
export abstract class SingleFileInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor;

  protected constructor(
    private readonly maxBytes: number,
    private readonly field: string,
    /** What the messages call the file: 'image', 'file'. */
    private readonly noun: string,
  ) {
    // No storage option: multer keeps the file in memory, so nothing reaches the disk unchecked.
    const Multer = FileInterceptor(field, {
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 50 },
    });
    this.multer = new Multer();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (err) {
      throw this.explain(err);
    }
  }

  private explain(err: unknown): unknown {
    const unreadable = `The upload could not be read as a multipart form with one ${this.noun} in the field "${this.field}"`;
    // Anything else multer or busboy throws here is a form it could not read (a missing boundary, a
    // truncated part): the client's mistake, never a 500.
    if (!(err instanceof HttpException)) return new ValidationError(unreadable);
    if (err.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE) {
      return new ValidationError(`The ${this.noun} is too big: at most ${formatByteLimit(this.maxBytes)} is accepted`);
    }
    if (err.getStatus() === HttpStatus.BAD_REQUEST) {
      // Nest passes multer's message on ("Unexpected file field - file"; older multer: "Unexpected field").
      if (/^(too many files|unexpected (file )?field)/i.test(err.message)) {
        return new ValidationError(`Send exactly one ${this.noun}, in the multipart field "${this.field}"`);
      }
      return new ValidationError(unreadable);
    }
    return err;
  }
}

/** The owner's image upload (`POST /api/uploads`), in the field UPLOAD_FIELD. */
@Injectable()
export class ImageUploadInterceptor extends SingleFileInterceptor {
  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    super(config.UPLOAD_MAX_BYTES, UPLOAD_FIELD, 'image');
  }
}

/** The shopper's proof of transfer (issue 29), in the field TRANSFER_PROOF_FIELD: a photo or a PDF. */
@Injectable()
export class TransferProofUploadInterceptor extends SingleFileInterceptor {
  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    super(config.UPLOAD_MAX_BYTES, TRANSFER_PROOF_FIELD, 'file');
  }
}
