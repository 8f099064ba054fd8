import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertSafeKey, FileStorage } from './file-storage';

/** Public path of UPLOADS_DIR: the gateway serves it there with long-lived cache headers. */
export const LOCAL_FILES_PREFIX = '/api/files';

/** Files on local disk under UPLOADS_DIR, served by the gateway at /api/files/. */
export class LocalFileStorage extends FileStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    // Written aside then renamed, so that a half-written file is never served. The dot folder is not
    // served (static files skip dot paths) and is on the same disk, so the rename is atomic.
    const incoming = join(this.root, '.incoming');
    await mkdir(incoming, { recursive: true });
    await mkdir(dirname(target), { recursive: true });
    const temp = join(incoming, randomBytes(8).toString('hex'));
    await writeFile(temp, data, { flag: 'wx' });
    try {
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  urlOf(key: string): string {
    assertSafeKey(key);
    return `${LOCAL_FILES_PREFIX}/${key}`;
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }
}
