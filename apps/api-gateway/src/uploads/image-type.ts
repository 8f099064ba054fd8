/** The image types the shop stores, as read from a file's first bytes. */
export type ImageKind = 'jpeg' | 'png' | 'webp';

export interface ImageFormat {
  kind: ImageKind;
  extension: string;
  contentType: string;
}

export const IMAGE_FORMATS: Record<ImageKind, ImageFormat> = {
  jpeg: { kind: 'jpeg', extension: 'jpg', contentType: 'image/jpeg' },
  png: { kind: 'png', extension: 'png', contentType: 'image/png' },
  webp: { kind: 'webp', extension: 'webp', contentType: 'image/webp' },
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The accepted image type a file really is, from its magic bytes (never its name or declared type); null otherwise. */
export function sniffImageKind(data: Buffer): ImageKind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A name for common files that are not accepted, so that the refusal can say what was sent (`otherwise` when unknown). */
export function describeRejectedFile(data: Buffer, otherwise = 'not a JPEG, PNG or WebP image'): string {
  const head = data.toString('latin1', 0, 16);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'a GIF image';
  if (head.startsWith('BM')) return 'a BMP image';
  if (head.startsWith('II*\u0000') || head.startsWith('MM\u0000*')) return 'a TIFF image';
  if (head.startsWith('%PDF')) return 'a PDF document';
  if (head.slice(4, 8) === 'ftyp') {
    const brand = head.slice(8, 12);
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand)) return 'a HEIC image';
    if (/^avi[fs]$/.test(brand)) return 'an AVIF image';
  }
  if (/^\s*(<\?xml|<svg)/i.test(data.toString('utf8', 0, 256))) return 'an SVG image';
  return otherwise;
}
