import type { ProductSummary } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { IMAGE_SIZES } from '../../../components/ui/shop-image';
import { ProductCard } from './product-card';
import './product-carousel.css';

const AUTOPLAY_MS = 5000;

interface ProductCarouselProps {
  label: string;
  products: ProductSummary[];
  /** From 768 px wide, lay the cards out as a grid instead (the 'Newest Additions' row). */
  gridOnDesktop?: boolean;
  /** The page's first row of products: its first image is fetched with high priority. */
  priority?: boolean;
}

/**
 * A row of product cards that scrolls one card at a time: 3 visible, 2 below 888 px, 1 below 665 px (spec
 * section 9), moving on by itself every 5 s unless hovered, focused or the visitor prefers reduced motion.
 */
export function ProductCarousel({ label, products, gridOnDesktop = false, priority = false }: ProductCarouselProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [paused, setPaused] = useState(false);

  const step = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    const card = list.firstElementChild as HTMLElement | null;
    const width = card ? card.getBoundingClientRect().width + 16 : list.clientWidth;
    const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 4;
    if (direction === 1 && atEnd) list.scrollTo({ left: 0, behavior: 'smooth' });
    else list.scrollBy({ left: direction * width, behavior: 'smooth' });
  };

  useEffect(() => {
    if (paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      const list = listRef.current;
      // Not when laid out as a grid (nothing to scroll) or off screen.
      if (list && list.scrollWidth > list.clientWidth) step(1);
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  return (
    <div
      className={`product-carousel${gridOnDesktop ? ' product-carousel--grid-desktop' : ''}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul ref={listRef} className="product-carousel__list">
        {products.map((product, index) => (
          <li key={product._id} className="product-carousel__item">
            <ProductCard product={product} eager={index < 2} priority={priority && index === 0} sizes={IMAGE_SIZES.productCarousel} />
          </li>
        ))}
      </ul>
      <div className="product-carousel__controls">
        <button type="button" className="product-carousel__button" onClick={() => step(-1)}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Previous products in {label}</span>
        </button>
        <button type="button" className="product-carousel__button" onClick={() => step(1)}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Next products in {label}</span>
        </button>
      </div>
    </div>
  );
}
