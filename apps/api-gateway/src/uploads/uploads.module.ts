import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import { FileStorage } from './file-storage';
import { ImageProcessor } from './image-processor';
import { ImageUploadInterceptor, TransferProofUploadInterceptor } from './image-upload.interceptor';
import { ImageUploadService } from './image-upload.service';
import { LocalFileStorage } from './local-file-storage';
import { createPrivateFileStorage, PRIVATE_FILE_STORAGE } from './private-file-storage';
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
 * shoppers' proofs of transfer, checked the same way and kept privately (PRIVATE_UPLOADS_DIR or S3_PRIVATE_BUCKET).
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
    { provide: PRIVATE_FILE_STORAGE, inject: [APP_CONFIG], useFactory: createPrivateFileStorage },
    ImageUploadService,
    ImageUploadInterceptor,
    TransferProofFiles,
    TransferProofUploadInterceptor,
  ],
  // The shoppers' proofs of transfer (issue 29) are checked by the same code, from the orders' routes.
  exports: [TransferProofFiles, TransferProofUploadInterceptor],
})
export class UploadsModule implements OnApplicationShutdown {
  constructor(
    @Inject(FileStorage) private readonly storage: FileStorage,
    @Inject(PRIVATE_FILE_STORAGE) private readonly privateStorage: FileStorage,
  ) {}

  onApplicationShutdown(): void {
    this.storage.close();
    this.privateStorage.close();
  }
}
