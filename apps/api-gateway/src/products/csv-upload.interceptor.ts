import { type CallHandler, type ExecutionContext, HttpException, HttpStatus, Injectable, type NestInterceptor } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ValidationError } from '@shop/contracts';
import { PRODUCT_CSV_MAX_BYTES } from '@shop/rules';
import type { Observable } from 'rxjs';
import { formatByteLimit } from '../uploads/image-upload.interceptor';

/** The multipart field the products file comes in. */
export const CSV_UPLOAD_FIELD = 'file';

/**
 * Reads the one CSV file of a multipart request into memory (multer through Nest's FileInterceptor) with the
 * products file's size limit, and turns multer's refusals into 400s that say what to do.
 */
@Injectable()
export class CsvUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor;

  constructor() {
    const Multer = FileInterceptor(CSV_UPLOAD_FIELD, { limits: { fileSize: PRODUCT_CSV_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 } });
    this.multer = new Multer();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE) {
        throw new ValidationError(`The file is too big: at most ${formatByteLimit(PRODUCT_CSV_MAX_BYTES)} can be imported at once`);
      }
      throw new ValidationError(`Send one CSV file in the multipart field "${CSV_UPLOAD_FIELD}"`);
    }
  }
}
