import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { GatewayConfig } from '@shop/server-config';
import { assertSafeKey, FileStorage, IMMUTABLE_CACHE_CONTROL } from './file-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  publicBaseUrl?: string;
  /** A bucket of private files (issue 29): stored without the public cache header, never given an address. */
  private?: boolean;
}

/** Files in any S3-compatible bucket (AWS S3, MinIO, R2, Spaces...), public through `publicBaseUrl`. */
export class S3FileStorage extends FileStorage {
  private readonly publicBaseUrl: string;

  constructor(
    private readonly client: S3Client,
    private readonly options: S3StorageOptions,
  ) {
    super();
    this.publicBaseUrl = (options.publicBaseUrl ?? defaultPublicBaseUrl(options)).replace(/\/+$/, '');
  }

  static fromConfig(config: GatewayConfig, { private: isPrivate = false }: { private?: boolean } = {}): S3FileStorage {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when UPLOAD_STORAGE=s3');
    const options: S3StorageOptions = {
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicBaseUrl: config.S3_PUBLIC_BASE_URL,
      private: isPrivate,
    };
    const client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
    return new S3FileStorage(client, options);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        CacheControl: this.options.private ? 'private, no-store' : IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async read(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  urlOf(key: string): string {
    assertSafeKey(key);
    if (this.options.private) throw new Error('A private file has no public address');
    return `${this.publicBaseUrl}/${key}`;
  }

  /** Releases the client's sockets. */
  override close(): void {
    this.client.destroy();
  }
}

/** The bucket's own address when no public base URL (e.g. a CDN) is configured. */
function defaultPublicBaseUrl(options: S3StorageOptions): string {
  if (!options.endpoint) return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
  const endpoint = new URL(options.endpoint);
  if (options.forcePathStyle) return `${endpoint.origin}/${options.bucket}`;
  return `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
}
