import type { GatewayConfig } from '@shop/server-config';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';

/** The injection token of the private files' storage (issue 29: the shoppers' proofs of transfer). */
export const PRIVATE_FILE_STORAGE = Symbol('PRIVATE_FILE_STORAGE');

/** Files on the gateway's disk under PRIVATE_UPLOADS_DIR, which is not served: no browser reaches one by an address. */
export class LocalPrivateFileStorage extends LocalFileStorage {
  override urlOf(): string {
    throw new Error('A private file has no public address');
  }
}

/**
 * Where the private files are kept: S3_PRIVATE_BUCKET (a bucket without public read, for shops with several gateways)
 * when uploads are in S3 and it is set, else PRIVATE_UPLOADS_DIR. The API reads them back for the owner.
 */
export async function createPrivateFileStorage(config: GatewayConfig): Promise<FileStorage> {
  if (config.UPLOAD_STORAGE !== 's3' || !config.S3_PRIVATE_BUCKET) return new LocalPrivateFileStorage(config.PRIVATE_UPLOADS_DIR);
  const { S3FileStorage } = await import('./s3-file-storage');
  return S3FileStorage.fromConfig({ ...config, S3_BUCKET: config.S3_PRIVATE_BUCKET, S3_PUBLIC_BASE_URL: undefined }, { private: true });
}
