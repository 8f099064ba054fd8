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
import { UPLOAD_FIELD, ValidationError } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import type { Observable } from 'rxjs';

/** The file's size limit as people say it: 5 MB, 1.5 MB, 800 KB. */
export function formatByteLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.floor(bytes / 1024)} KB`;
}

/**
 * Reads the one image of a multipart request into memory (multer through Nest's FileInterceptor), with
 * the size limit of UPLOAD_MAX_BYTES, and turns multer's refusals into 400s that say what to do.
 */
@Injectable()
export class ImageUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor;
  private readonly maxBytes: number;

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.maxBytes = config.UPLOAD_MAX_BYTES;
    // No storage option: multer keeps the file in memory, so nothing reaches the disk unchecked.
    const Multer = FileInterceptor(UPLOAD_FIELD, {
      limits: { fileSize: this.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 50 },
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
    // Anything else multer or busboy throws here is a form it could not read (a missing boundary, a
    // truncated part): the client's mistake, never a 500.
    if (!(err instanceof HttpException)) {
      return new ValidationError(`The upload could not be read as a multipart form with one image in the field "${UPLOAD_FIELD}"`);
    }
    if (err.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE) {
      return new ValidationError(`The image is too big: at most ${formatByteLimit(this.maxBytes)} is accepted`);
    }
    if (err.getStatus() === HttpStatus.BAD_REQUEST) {
      // Nest passes multer's message on ("Unexpected file field - file"; older multer: "Unexpected field").
      if (/^(too many files|unexpected (file )?field)/i.test(err.message)) {
        return new ValidationError(`Send exactly one image, in the multipart field "${UPLOAD_FIELD}"`);
      }
      return new ValidationError(`The upload could not be read as a multipart form with one image in the field "${UPLOAD_FIELD}"`);
    }
    return err;
  }
}
