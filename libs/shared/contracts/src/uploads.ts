import { z } from 'zod';

/** The multipart field an image is uploaded in (`POST /api/uploads`). */
export const UPLOAD_FIELD = 'image';

/** The image types the shop accepts, recognised by their content, never by name or declared type. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Widths of the WebP copies made of each upload; none is made wider than the original. */
export const UPLOAD_VARIANT_WIDTHS = [320, 640, 1280] as const;

export const UploadedVariantSchema = z.object({ width: z.number().int(), url: z.string() });
export type UploadedVariant = z.infer<typeof UploadedVariantSchema>;

/** The answer to an upload: the original (re-encoded, no metadata), its WebP variants and a ready srcset. */
export const UploadedImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(UploadedVariantSchema),
  srcset: z.string(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;
