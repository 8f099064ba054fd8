import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchPicture, ownPictureUrl, pictureType } from './og-source';

const gatewayUrl = new URL('http://gateway:3000');
const storageBaseUrl = new URL('https://cdn.example.com/shop');

describe('ownPictureUrl', () => {
  it("takes the gateway's uploads and files under the configured storage address", () => {
    expect(ownPictureUrl('/api/files/abc-w800.webp', { gatewayUrl })?.href).toBe('http://gateway:3000/api/files/abc-w800.webp');
    expect(ownPictureUrl('https://cdn.example.com/shop/abc.webp', { gatewayUrl, storageBaseUrl })?.href).toBe('https://cdn.example.com/shop/abc.webp');
  });

  it('refuses any other host, an internal address, credentials, another path and traversal', () => {
    for (const image of [
      'https://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1:6379/',
      'https://localhost/x.png',
      'https://cdn.example.com.evil.test/shop/a.png',
      'https://user:pw@cdn.example.com/shop/a.png',
      'https://cdn.example.com/other/a.png',
      'https://cdn.example.com/shopping/a.png',
      'https://cdn.example.com/shop/%2e%2e/secret.png',
      'https://cdn.example.com/shop/%zz.png',
      'http://cdn.example.com/shop/a.png',
      '/api/files/../../etc/passwd',
      '/api/other',
      'not a url',
    ]) {
      expect([image, ownPictureUrl(image, { gatewayUrl, storageBaseUrl })]).toEqual([image, null]);
    }
    // Without a storage address, only uploads.
    expect(ownPictureUrl('https://cdn.example.com/shop/abc.webp', { gatewayUrl })).toBeNull();
  });
});

describe('pictureType', () => {
  it('tells JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect(pictureType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(pictureType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(pictureType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('webp');
    expect(pictureType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(pictureType(Buffer.from('GIF89a'))).toBeNull();
    expect(pictureType(Buffer.alloc(0))).toBeNull();
  });
});

describe('fetchPicture', () => {
  let server: Server;
  let base: string;
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000)]);

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/small.png') return res.end(png);
      // No Content-Length: the cap must hold while the bytes stream in.
      if (req.url === '/endless.png') {
        res.write(png);
        const more = setInterval(() => res.write(Buffer.alloc(64 * 1024)), 5);
        res.on('close', () => clearInterval(more));
        return;
      }
      if (req.url === '/moved.png') return res.writeHead(302, { Location: '/small.png' }).end();
      if (req.url === '/page.html') return res.end('<html></html>');
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('answers a small picture whole', async () => {
    expect(await fetchPicture(new URL('/small.png', base), 10_000)).toEqual(png);
  });

  it('stops past the byte cap, follows no redirect, and refuses bytes that are not a picture', async () => {
    expect(await fetchPicture(new URL('/small.png', base), 1024)).toBeNull();
    expect(await fetchPicture(new URL('/endless.png', base), 100_000)).toBeNull();
    expect(await fetchPicture(new URL('/moved.png', base), 10_000)).toBeNull();
    expect(await fetchPicture(new URL('/page.html', base), 10_000)).toBeNull();
    expect(await fetchPicture(new URL('/missing.png', base), 10_000)).toBeNull();
  });
});
