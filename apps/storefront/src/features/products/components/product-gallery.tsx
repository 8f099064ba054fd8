import { useState } from 'react';
import { Lightbox } from '../../../components/ui/lightbox';
import { IMAGE_SIZES, ShopImage } from '../../../components/ui/shop-image';
import './product-gallery.css';

interface ProductGalleryProps {
  name: string;
  images: string[];
}

/** The chosen image large (opens a zoomable lightbox), with a thumbnail button for the main image and each sub image. */
export function ProductGallery({ name, images }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const [open, setOpen] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const current = images[selected] ?? images[0];

  return (
    <div className="product-gallery">
      <button type="button" className="product-gallery__main" onClick={() => setOpen(true)} aria-label={`Enlarge image of ${name}`}>
        <ShopImage src={current} sizes={IMAGE_SIZES.productMain} alt={name} width={640} height={640} decoding="async" fetchPriority="high" />
      </button>
      {images.length > 1 && (
        <ul className="product-gallery__thumbs" aria-label="Product images">
          {images.map((image, index) => (
            <li key={`${image}-${index}`}>
              <button
                type="button"
                className="product-gallery__thumb"
                aria-pressed={index === selected}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                onClick={() => setSelected(index)}
              >
                <ShopImage src={image} sizes={IMAGE_SIZES.productThumb} alt="" width={80} height={80} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Lightbox
          label={`${name}, image ${selected + 1} of ${images.length}`}
          onClose={() => {
            setOpen(false);
            setZoomed(false);
          }}
        >
          <div className={`product-zoom${zoomed ? ' is-zoomed' : ''}`}>
            <button type="button" className="product-zoom__toggle" aria-pressed={zoomed} onClick={() => setZoomed((z) => !z)}>
              <ShopImage src={current} sizes={zoomed ? '200vw' : IMAGE_SIZES.lightbox} alt={name} width={1280} height={1280} />
              <span className="visually-hidden">{zoomed ? 'Zoom out' : 'Zoom in'}</span>
            </button>
          </div>
        </Lightbox>
      )}
    </div>
  );
}
