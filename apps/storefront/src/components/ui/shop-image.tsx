import { uploadSrcset } from '@shop/contracts';
import type { ImgHTMLAttributes } from 'react';

type ShopImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'> & {
  src: string;
  /** The width the image takes in the layout at each screen size (the `sizes` attribute). */
  sizes: string;
  /** Intrinsic size (or just its ratio): the browser reserves the room before the file arrives, so nothing shifts. */
  width: number;
  height: number;
};

/**
 * An image that, when it is one of the shop's uploads, offers the browser its WebP copies (srcset + sizes) so a
 * phone downloads the 320 or 640 px file instead of the original. Other images (demo SVGs, pasted URLs) stay plain.
 */
export function ShopImage({ src, sizes, alt = '', ...rest }: ShopImageProps) {
  const srcSet = uploadSrcset(src);
  return <img src={src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} alt={alt} {...rest} />;
}

/** `sizes` of the layouts that show product images, next to each other so they stay in step with the CSS. */
export const IMAGE_SIZES = {
  /** product-grid.css: 2 columns, 3 from 640 px, 4 from 1024 px, inside the 75rem container. */
  productGrid: '(min-width: 1200px) 288px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  /** product-carousel.css: 1 card, 2 from 665 px, 3 from 888 px (or the 3-column grid from 768 px). */
  productCarousel: '(min-width: 1200px) 384px, (min-width: 888px) 33vw, (min-width: 665px) 50vw, 100vw',
  /** product.css: half the page from 768 px. */
  productMain: '(min-width: 1200px) 600px, (min-width: 768px) 50vw, 100vw',
  /** product-gallery.css: 4.5rem thumbnails. */
  productThumb: '72px',
  /** lightbox.css: min(96vw, 1280px). */
  lightbox: '(min-width: 1334px) 1280px, 96vw',
  /** media-gallery.css: 2 columns, 4 from 768 px. */
  mediaGrid: '(min-width: 1200px) 300px, (min-width: 768px) 25vw, 50vw',
  /** home-banner.css: an 8rem image column, 22rem from 768 px. */
  banner: '(min-width: 768px) 352px, 128px',
  /** cart.css: 96 px line images. */
  cartLine: '96px',
} as const;
