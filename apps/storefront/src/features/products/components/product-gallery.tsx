import { type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
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
  const frame = useRef<HTMLDivElement>(null);
  // The point of the picture to keep in view when zooming in, as fractions of its width and height.
  const focus = useRef({ x: 0.5, y: 0.5 });

  const toggleZoom = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // A keyboard press has no pointer position (detail 0): zoom on the centre.
    focus.current =
      event.detail > 0 && box.width > 0 && box.height > 0
        ? { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height }
        : { x: 0.5, y: 0.5 };
    setZoomed((z) => !z);
  };

  // Zoomed in, the frame scrolls so the clicked point (or the centre) sits in the middle, not the top-left corner.
  useLayoutEffect(() => {
    const element = frame.current;
    if (!zoomed || !element) return;
    element.scrollLeft = focus.current.x * element.scrollWidth - element.clientWidth / 2;
    element.scrollTop = focus.current.y * element.scrollHeight - element.clientHeight / 2;
  }, [zoomed]);

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
          <div ref={frame} className={`product-zoom${zoomed ? ' is-zoomed' : ''}`}>
            <button type="button" className="product-zoom__toggle" aria-pressed={zoomed} onClick={toggleZoom}>
              <ShopImage src={current} sizes={zoomed ? '200vw' : IMAGE_SIZES.lightbox} alt={name} width={1280} height={1280} />
              <span className="visually-hidden">{zoomed ? 'Zoom out' : 'Zoom in'}</span>
            </button>
          </div>
        </Lightbox>
      )}
    </div>
  );
}
