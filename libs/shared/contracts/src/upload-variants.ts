// No imports on purpose: the storefront bundles this file into its first view, and the rest of
// @shop/contracts brings zod along.

/** Widths of the WebP copies made of each upload; none is made wider than the original. */
export const UPLOAD_VARIANT_WIDTHS = [320, 640, 1280] as const;

/** Folder (key prefix) of uploaded images in the file storage. */
export const UPLOADS_FOLDER = 'images';

export interface UploadCandidate {
  width: number;
  url: string;
}

export interface UploadKeys {
  original: string;
  variants: Array<{ width: number; key: string }>;
}

// The original's width is part of its name: the web apps get only the URL stored with a product, and from it
// alone they must know which variants exist (none is made wider than the original).
const UPLOAD_URL = /^(.*\/images\/[0-9a-f]{32}-w([1-9]\d{0,4}))\.(?:jpg|png|webp)$/;

/** The widths of the WebP copies made of an original of the given width (never upscaled). */
export function uploadVariantWidths(originalWidth: number): number[] {
  return UPLOAD_VARIANT_WIDTHS.filter((width) => width <= originalWidth);
}

/**
 * The storage keys of one upload: `images/{id}-w{width}.{ext}` for the original and
 * `images/{id}-w{width}-{variant width}.webp` for each WebP copy.
 */
export function uploadKeys(id: string, extension: string, originalWidth: number): UploadKeys {
  const base = `${UPLOADS_FOLDER}/${id}-w${originalWidth}`;
  return {
    original: `${base}.${extension}`,
    variants: uploadVariantWidths(originalWidth).map((width) => ({ width, key: `${base}-${width}.webp` })),
  };
}

/**
 * The srcset candidates of an image URL when it is one of the shop's uploads (local /api/files/images/… or
 * the same key on an S3 host): the WebP variants, then the original where it is wider than all of them.
 * Anything else (demo SVGs, site images, pasted URLs) answers an empty list: shown as it is.
 */
export function uploadCandidates(url: string): UploadCandidate[] {
  const match = UPLOAD_URL.exec(url);
  if (!match) return [];
  const [, base, width] = match;
  const originalWidth = Number(width);
  const variants = uploadVariantWidths(originalWidth).map((w) => ({ width: w, url: `${base}-${w}.webp` }));
  const widest = variants.at(-1)?.width ?? 0;
  return originalWidth > widest ? [...variants, { width: originalWidth, url }] : variants;
}

/** The srcset attribute for an uploaded image's URL, or undefined for any other image. */
export function uploadSrcset(url: string): string | undefined {
  const candidates = uploadCandidates(url);
  return candidates.length > 0 ? candidates.map((c) => `${c.url} ${c.width}w`).join(', ') : undefined;
}
