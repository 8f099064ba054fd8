import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import { FileStorage } from './file-storage';
import { ImageProcessor } from './image-processor';
import { ImageUploadInterceptor, TransferProofUploadInterceptor } from './image-upload.interceptor';
import { ImageUploadService } from './image-upload.service';
import { LocalFileStorage } from './local-file-storage';
import { PrivateFileStorage } from './private-file-storage';
import { TransferProofFiles } from './transfer-proof-files';
import { UploadsController } from './uploads.controller';

/** Local disk by default; the AWS SDK is loaded only when a bucket is configured. */
async function createFileStorage(config: GatewayConfig): Promise<FileStorage> {
  if (config.UPLOAD_STORAGE !== 's3') return new LocalFileStorage(config.UPLOADS_DIR);
  const { S3FileStorage } = await import('./s3-file-storage');
  return S3FileStorage.fromConfig(config);
}

/**
 * Admin image uploads, stored on local disk (default) or in an S3-compatible bucket (UPLOAD_STORAGE=s3); and the
 * shoppers' proofs of transfer, checked the same way and kept on private disk (PRIVATE_UPLOADS_DIR).
 */
@Module({
  controllers: [UploadsController],
  providers: [
    { provide: FileStorage, inject: [APP_CONFIG], useFactory: createFileStorage },
    {
      provide: ImageProcessor,
      inject: [APP_CONFIG],
      useFactory: (config: GatewayConfig) => new ImageProcessor(config.UPLOAD_MAX_PIXELS),
    },
    { provide: PrivateFileStorage, inject: [APP_CONFIG], useFactory: (config: GatewayConfig) => new PrivateFileStorage(config.PRIVATE_UPLOADS_DIR) },
    ImageUploadService,
    ImageUploadInterceptor,
    TransferProofFiles,
    TransferProofUploadInterceptor,
  ],
  // The shoppers' proofs of transfer (issue 29) are checked by the same code, from the orders' routes.
  exports: [TransferProofFiles, TransferProofUploadInterceptor],
})
export class UploadsModule implements OnApplicationShutdown {
  constructor(@Inject(FileStorage) private readonly storage: FileStorage) {}

  onApplicationShutdown(): void {
    this.storage.close();
  }
}
