import sharp from 'sharp';
import { ImageProcessor, ImageRejectedError } from './image-processor';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } });

describe('ImageProcessor', () => {
  const processor = new ImageProcessor(40_000_000);

  it('makes WebP variants of 320, 640 and 1280 only where the original is at least that wide', async () => {
    const wide = await processor.process(await solid(1500, 1000).jpeg().toBuffer(), 'jpeg');
    expect(wide.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 213],
      [640, 427],
      [1280, 853],
    ]);
    const narrow = await processor.process(await solid(700, 350).png().toBuffer(), 'png');
    expect(narrow.variants.map((v) => v.width)).toEqual([320, 640]);
    const tiny = await processor.process(await solid(200, 100).webp().toBuffer(), 'webp');
    expect(tiny.variants).toEqual([]);
    for (const v of wide.variants) expect((await sharp(v.data).metadata()).format).toBe('webp');
  });

  it('keeps the original in its own format, upright and without metadata', async () => {
    const input = await solid(300, 100)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Island Glow secret', Artist: 'Camera owner' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await processor.process(input, 'jpeg');
    const meta = await sharp(out.original.data).metadata();
    expect(meta.format).toBe('jpeg');
    // Orientation 6 is a quarter turn: the stored image is upright, so width and height swap.
    expect([out.original.width, out.original.height]).toEqual([100, 300]);
    expect([meta.width, meta.height]).toEqual([100, 300]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
  });

  it('refuses an image with more pixels than allowed, before decoding it', async () => {
    const small = new ImageProcessor(2_000_000);
    await expect(small.process(await solid(1500, 1500).png().toBuffer(), 'png')).rejects.toThrow(
      'The image is too large: 1500 x 1500 pixels, at most 2 megapixels are accepted',
    );
    await expect(new ImageProcessor(40_000_000).process(await solid(100, 100).png().toBuffer(), 'png')).resolves.toBeDefined();
  });

  it('refuses a damaged or truncated file', async () => {
    const png = await solid(400, 400).png().toBuffer();
    await expect(processor.process(png.subarray(0, Math.floor(png.length / 2)), 'png')).rejects.toThrow(ImageRejectedError);
    const jpeg = await solid(400, 400).jpeg().toBuffer();
    await expect(processor.process(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'jpeg')).rejects.toThrow(
      'The image could not be read: the file is damaged or incomplete',
    );
    await expect(processor.process(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 7)]), 'jpeg')).rejects.toThrow(
      ImageRejectedError,
    );
  });

  it('refuses a file whose content is another format than the one sniffed', async () => {
    await expect(processor.process(await solid(50, 50).png().toBuffer(), 'jpeg')).rejects.toThrow(ImageRejectedError);
  });
});
