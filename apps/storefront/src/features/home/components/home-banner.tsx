import type { BannerDiscount, SiteSettings } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { IMAGE_SIZES, ShopImage } from '../../../components/ui/shop-image';
import { paths } from '../../../config/paths';
import { promisesSaving } from '../banner-promise';
import './home-banner.css';

type HomeSettings = SiteSettings['homeSettings'];

/**
 * What the second slide says when its text promises a saving that no live code backs (the spec's default
 * "10% OFF / On All Items" is one): what the shop does promise instead.
 */
const UNBACKED_PROMISE_FALLBACK = { heading: 'Made for Island Hair & Skin', sub: 'Delivered island-wide, or pay in person' };

/** The spec's default picture of the second slide, whose jar reads "10% OFF". */
const PROMISING_PICTURE = '/images/Model2.png';

const AUTOPLAY_MS = 5000;

export type BannerPromo = BannerDiscount['discount'];

function promoHeading(promo: NonNullable<BannerPromo>): string {
  return promo.kind === 'percent' ? `${promo.value}% OFF` : `${formatTTD(promo.value)} OFF`;
}

/**
 * Two slides rotating every 5 s with a 600 ms slide (spec sections 2 and 9); paused while hovered or focused and
 * for visitors who prefer reduced motion. While less than half of it is visible, the page is marked so the
 * navigation bar can change its style.
 */
export function HomeBanner({ settings, promo }: { settings: HomeSettings; promo: BannerPromo }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const ref = useRef<HTMLElement>(null);
  // The code the owner put on the banner (Discount codes, "Show on the home banner"), when it can be used now: the
  // promotion slide states its real saving and names it. Without one, no slide promises a saving.
  const unbacked = (heading: string, sub: string) => (promisesSaving(heading) || promisesSaving(sub) ? UNBACKED_PROMISE_FALLBACK : { heading, sub });
  const first = unbacked(settings.bannerHeading_a, settings.bannerSubHeading_a);
  const second = promo ? { heading: promoHeading(promo), sub: settings.bannerSubHeading_b } : unbacked(settings.bannerHeading_b, settings.bannerSubHeading_b);
  const slides = [
    { ...first, button: settings.bannerButton_a, image: settings.bannerImage_a, code: null },
    {
      ...second,
      button: settings.bannerButton_b,
      // The spec's default second picture prints "10% OFF" on its jar: without a live code, the first one instead.
      image: !promo && settings.bannerImage_b === PROMISING_PICTURE ? settings.bannerImage_a : settings.bannerImage_b,
      code: promo ? promo.code : null,
    },
  ];

  useEffect(() => {
    if (paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % 2), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  useEffect(() => {
    const element = ref.current;
    if (!element || !('IntersectionObserver' in window)) return;
    const root = document.documentElement;
    const observer = new IntersectionObserver(
      ([entry]) => {
        root.dataset.bannerVisible = String(entry.isIntersecting);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      delete root.dataset.bannerVisible;
    };
  }, []);

  return (
    <section
      ref={ref}
      className="home-banner"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <h1 className="visually-hidden">Island Glow Hair &amp; Beauty, Trinidad and Tobago</h1>
      <div className="home-banner__track" style={{ transform: `translateX(-${index * 50}%)` }}>
        {slides.map((slide, i) => (
          <div
            key={i}
            className="home-banner__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of 2`}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <div className="home-banner__inner container">
              <div className="home-banner__text">
                <h2 className="home-banner__heading">{slide.heading}</h2>
                <p className="home-banner__sub">{slide.sub}</p>
                {slide.code && (
                  <p className="home-banner__code">
                    Use code <strong>{slide.code}</strong> at checkout
                  </p>
                )}
                <Link className="button" to={`${paths.products}/`}>
                  {slide.button}
                </Link>
              </div>
              <ShopImage
                className="home-banner__image"
                src={slide.image}
                sizes={IMAGE_SIZES.banner}
                alt=""
                width={480}
                height={480}
                fetchPriority={i === 0 ? 'high' : 'low'}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </div>
          </div>
        ))}
      </div>
      <div className="home-banner__dots">
        {slides.map((_, i) => (
          <button
            key={i}
            type="button"
            className="home-banner__dot"
            aria-label={`Show slide ${i + 1}`}
            aria-pressed={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
