import { uploadCandidates, uploadKeys, uploadSrcset, uploadVariantWidths } from './upload-variants';

const ID = '0123456789abcdef0123456789abcdef';

describe('upload variants', () => {
  it('makes no variant wider than the original', () => {
    expect(uploadVariantWidths(2000)).toEqual([320, 640, 1280]);
    expect(uploadVariantWidths(1280)).toEqual([320, 640, 1280]);
    expect(uploadVariantWidths(900)).toEqual([320, 640]);
    expect(uploadVariantWidths(319)).toEqual([]);
  });

  it('names the original by its width and each WebP copy after it', () => {
    expect(uploadKeys(ID, 'jpg', 900)).toEqual({
      original: `images/${ID}-w900.jpg`,
      variants: [
        { width: 320, key: `images/${ID}-w900-320.webp` },
        { width: 640, key: `images/${ID}-w900-640.webp` },
      ],
    });
  });

  it('reads the variants back from the URL alone, local or on an S3 host', () => {
    const local = `/api/files/images/${ID}-w900.jpg`;
    expect(uploadSrcset(local)).toBe(
      `/api/files/images/${ID}-w900-320.webp 320w, /api/files/images/${ID}-w900-640.webp 640w, ${local} 900w`,
    );
    const s3 = `https://cdn.example.com/shop/images/${ID}-w2000.png`;
    expect(uploadCandidates(s3).map((c) => c.width)).toEqual([320, 640, 1280, 2000]);
    expect(uploadCandidates(s3)[2].url).toBe(`https://cdn.example.com/shop/images/${ID}-w2000-1280.webp`);
    // An original exactly as wide as the widest variant is not listed twice.
    expect(uploadCandidates(`/api/files/images/${ID}-w640.webp`).map((c) => c.width)).toEqual([320, 640]);
  });

  it('round-trips: the keys the server stores are the URLs the browser asks for', () => {
    const keys = uploadKeys(ID, 'png', 1400);
    const candidates = uploadCandidates(`/api/files/${keys.original}`);
    expect(candidates.map((c) => c.url)).toEqual([...keys.variants.map((v) => `/api/files/${v.key}`), `/api/files/${keys.original}`]);
  });

  it('leaves every other image alone', () => {
    for (const url of [
      '/api/files/demo/lip-balm.svg',
      '/images/Model1.png',
      `/api/files/images/${ID}.jpg`,
      `/api/files/images/${ID}-320.webp`,
      `/api/files/images/${ID}-w900.gif`,
      `/api/files/images/${ID}-w900.jpg?x=1`,
      'https://cdn.example.com/photos/shop.jpg',
      '',
    ]) {
      expect(uploadSrcset(url)).toBeUndefined();
    }
  });
});
