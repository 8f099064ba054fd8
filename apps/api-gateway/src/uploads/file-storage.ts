/** Cache-Control of every stored file: names are random and never reused, so the content never changes. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Keys are made by the server: lower-case letters, digits, '-', '_', '.' and '/' between segments. */
const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)?(\/[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)?)*$/;

/** Throws unless `key` is one of the shapes the server makes (no '..', no leading '/'). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.length > 200) throw new Error(`Unsafe storage key: ${key}`);
}

/**
 * Where uploaded files live: local disk or an S3-compatible bucket. The same classes keep the private files (issue 29's
 * proofs of transfer) in a place without a public address: PRIVATE_UPLOADS_DIR, or S3_PRIVATE_BUCKET.
 */
export abstract class FileStorage {
  /** Stores a file under `key`, replacing nothing: keys are random. */
  abstract put(key: string, data: Buffer, contentType: string): Promise<void>;

  /** The file's bytes, or null when there is none under `key` (the owner's private files are read back this way). */
  abstract read(key: string): Promise<Buffer | null>;

  /** Removes a file; a missing file is not an error. */
  abstract delete(key: string): Promise<void>;

  /** The address browsers load the file from. */
  abstract urlOf(key: string): string;

  /** Releases connections, if the storage holds any. */
  close(): void {
    /* nothing to release by default */
  }
}
