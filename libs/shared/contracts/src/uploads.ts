import { z } from 'zod';

/** The multipart field an image is uploaded in (`POST /api/uploads`). */
export const UPLOAD_FIELD = 'image';

/** The image types the shop accepts, recognised by their content, never by name or declared type. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// The widths of the WebP copies (UPLOAD_VARIANT_WIDTHS) live with the naming rule in upload-variants.ts.

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
