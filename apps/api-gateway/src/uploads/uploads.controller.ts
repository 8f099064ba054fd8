import { Controller, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { UPLOAD_FIELD, type UploadedImage, UploadedImageSchema, ValidationError } from '@shop/contracts';
import { AdminOnly } from '../auth/admin-only.decorator';
import { errorSchema, schemaOf } from '../http/openapi';
import { ImageUploadInterceptor } from './image-upload.interceptor';
import { ImageUploadService } from './image-upload.service';

/** What multer's memory storage hands over (the rest of what it knows, name and type, is the client's word). */
interface ReceivedFile {
  buffer: Buffer;
  size: number;
}

@ApiTags('uploads')
@Controller('uploads')
export class UploadsController {
  constructor(private readonly uploads: ImageUploadService) {}

  @Post()
  @HttpCode(201)
  // The guard runs before the interceptor: nobody but an admin gets a request body read.
  @AdminOnly()
  @UseInterceptors(ImageUploadInterceptor)
  @ApiOperation({
    summary: 'Upload a product or media image (admin)',
    description:
      'One JPEG, PNG or WebP image (recognised by its content, not its name) of at most UPLOAD_MAX_BYTES (default 5 MB) and ' +
      'UPLOAD_MAX_PIXELS (default 40 megapixels). It is turned upright by its EXIF orientation, every metadata is removed, ' +
      'the original is kept re-encoded in its own format and WebP copies are made 320, 640 and 1280 pixels wide, leaving out ' +
      'any wider than the original (never upscaled). Files get random names and are served with a one-year immutable cache.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [UPLOAD_FIELD],
      properties: { [UPLOAD_FIELD]: { type: 'string', format: 'binary', description: 'The image file (JPEG, PNG or WebP)' } },
    },
  })
  @ApiCreatedResponse({ description: 'The stored image, its variants and a srcset', schema: schemaOf(UploadedImageSchema) })
  @ApiBadRequestResponse({
    description: 'No file, more than one, too big, not a JPEG/PNG/WebP, damaged, or too many pixels; the message says which',
    schema: errorSchema,
  })
  upload(@UploadedFile() file: ReceivedFile | undefined): Promise<UploadedImage> {
    if (!file || file.size === 0) {
      throw new ValidationError(`No image was sent: send one file in the multipart field "${UPLOAD_FIELD}"`);
    }
    return this.uploads.upload(file.buffer);
  }
}
