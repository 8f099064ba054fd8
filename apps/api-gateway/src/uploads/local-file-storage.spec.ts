import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStorage } from './local-file-storage';

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'uploads-spec-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes under its folder and answers the /api/files address', async () => {
    await storage.put('images/abc123.png', Buffer.from('png bytes'), 'image/png');
    expect(readFileSync(join(root, 'images/abc123.png'), 'utf8')).toBe('png bytes');
    expect(storage.urlOf('images/abc123.png')).toBe('/api/files/images/abc123.png');
    // Nothing is left in the folder used for writing aside.
    expect(readdirSync(join(root, '.incoming'))).toEqual([]);
  });

  it('deletes, and a missing file is not an error', async () => {
    await storage.put('images/x-320.webp', Buffer.from('w'), 'image/webp');
    await storage.delete('images/x-320.webp');
    await storage.delete('images/x-320.webp');
    expect(readdirSync(join(root, 'images'))).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../escape.png', '/etc/passwd', 'images/../../x.png', 'images/.hidden', 'Images/A.PNG', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/Unsafe storage key/);
    }
  });
});
