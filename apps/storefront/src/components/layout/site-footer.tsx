import { whatsAppLink } from '@shop/rules';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { SHOP_PAGE_TITLES } from '../../config/shop-pages';
import { type LayoutInfo, useLayoutInfo } from './layout-info';

function SocialLinks({ info }: { info: LayoutInfo }) {
  const chat = info.whatsapp ? whatsAppLink(info.whatsapp, 'Hi Island Glow! I have a question.') : null;
  const links = [
    info.facebook && { href: info.facebook, label: 'Facebook' },
    info.instagram && { href: info.instagram, label: 'Instagram' },
    chat && { href: chat, label: 'WhatsApp' },
  ].filter((link): link is { href: string; label: string } => Boolean(link));
  if (links.length === 0) return null;
  return (
    <ul className="site-footer__social" aria-label="Follow us">
      {links.map((link) => (
        <li key={link.label}>
          <a href={link.href} rel="noopener noreferrer" target="_blank">
            {link.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Brand and social links, the pick-up address and opening hours (Site Settings), the shop's links and the
 * owner's delivery, returns and privacy pages. Media is left out while the gallery is empty.
 */
export function SiteFooter() {
  const info = useLayoutInfo();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__about">
          <p className="site-footer__brand">Island Glow</p>
          <p className="site-footer__tagline">Hair and skin care for Caribbean sun, salt and humidity.</p>
          {info && <SocialLinks info={info} />}
        </div>
        {info && (info.pickupAddress || info.openingHours) && (
          <div className="site-footer__visit">
            {info.pickupAddress && (
              <>
                <h2 className="site-footer__heading">Pick-up</h2>
                <address className="site-footer__text">{info.pickupAddress}</address>
              </>
            )}
            {info.openingHours && (
              <>
                <h2 className="site-footer__heading">Opening hours</h2>
                <p className="site-footer__text">{info.openingHours}</p>
              </>
            )}
          </div>
        )}
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Shop</h2>
          <ul className="site-footer__links">
            <li>
              <Link to={paths.products}>Products</Link>
            </li>
            {info?.hasMedia && (
              <li>
                <Link to={paths.media}>Media</Link>
              </li>
            )}
            <li>
              <Link to={paths.tracking}>Track Orders</Link>
            </li>
            <li>
              <Link to={paths.contact}>Contact Us</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Help">
          <h2 className="site-footer__heading">Help</h2>
          <ul className="site-footer__links">
            <li>
              <Link to={paths.delivery}>{SHOP_PAGE_TITLES.delivery}</Link>
            </li>
            <li>
              <Link to={paths.returns}>{SHOP_PAGE_TITLES.returns}</Link>
            </li>
            <li>
              <Link to={paths.privacy}>{SHOP_PAGE_TITLES.privacy}</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__note">
          Prices in Trinidad and Tobago dollars (TT$). © {new Date().getFullYear()} Island Glow, Trinidad and Tobago.
        </p>
      </div>
    </footer>
  );
}
