import { whatsAppLink } from '@shop/rules';
import { formatTTD } from '@shop/money';
import { Link } from 'react-router-dom';
import { TitledSection } from '../../../components/ui/titled-section';
import { paths } from '../../../config/paths';
import './trust-bar.css';

interface TrustBarProps {
  /** The cheapest delivery area's cost (null when unknown). */
  deliveryFrom: number | null;
  /** The shop's WhatsApp number from Site Settings (null when none). */
  whatsapp: string | null;
}

/**
 * Under the banner: who the shop is for and what it promises, then the three things a first-time shopper asks
 * (how it gets to me, how I pay, who I can ask), each a fact the shop keeps.
 */
export function TrustBar({ deliveryFrom, whatsapp }: TrustBarProps) {
  const chat = whatsapp ? whatsAppLink(whatsapp, 'Hi Island Glow! I have a question.') : null;
  return (
    <section className="trust container" aria-labelledby="trust-title">
      <h2 id="trust-title" className="trust__title">
        Hair and skin care made for Caribbean women: for curls, coils and skin in sun, salt and humidity.
      </h2>
      <ul className="trust__list">
        <li className="trust__item">
          <strong>Island-wide delivery</strong>
          <span>{deliveryFrom !== null ? `Trinidad and Tobago, from ${formatTTD(deliveryFrom)}` : 'Anywhere in Trinidad and Tobago'}</span>
        </li>
        <li className="trust__item">
          <strong>Pay in person</strong>
          <span>Cash when it arrives, or by card online</span>
        </li>
        <li className="trust__item">
          <strong>Questions?</strong>
          {chat ? (
            <a href={chat} target="_blank" rel="noopener noreferrer">
              Ask us on WhatsApp
            </a>
          ) : (
            <Link to={paths.contact}>Send us a message</Link>
          )}
        </li>
      </ul>
    </section>
  );
}

/** A tile per product type, each the products list filtered to it (a plain link). */
export function TypeTiles({ types }: { types: string[] }) {
  if (types.length === 0) return null;
  return (
    <TitledSection className="container page-section type-tiles" headingId="types-title" title="Shop by type">
      <ul className="type-tiles__list card-list">
        {types.map((type) => (
          <li key={type}>
            <Link className="type-tiles__tile" to={`${paths.products}?type=${encodeURIComponent(type)}`}>
              {type}
            </Link>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
