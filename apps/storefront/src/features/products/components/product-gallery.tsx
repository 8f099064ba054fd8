import { useState } from 'react';
import './product-gallery.css';

interface ProductGalleryProps {
  name: string;
  images: string[];
}

/** The chosen image large, with a thumbnail button for the main image and each sub image. */
export function ProductGallery({ name, images }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];

  return (
    <div className="product-gallery">
      <div className="product-gallery__main">
        <img src={current} alt={name} width={640} height={640} decoding="async" fetchPriority="high" />
      </div>
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
                <img src={image} alt="" width={80} height={80} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
