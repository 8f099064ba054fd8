import { readFile } from 'node:fs/promises';
import { LocalFileStorage } from './local-file-storage';

/**
 * Files no browser reaches by an address (issue 29: the shoppers' proofs of transfer): on the gateway's disk under
 * PRIVATE_UPLOADS_DIR, which is not served; the API reads one back for the owner.
 */
export class PrivateFileStorage extends LocalFileStorage {
  /** The file's bytes, or null when there is none under `key`. */
  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  override urlOf(): string {
    throw new Error('A private file has no public address');
  }
}
