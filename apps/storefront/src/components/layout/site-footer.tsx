import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** Brand line, a few help links and the currency note. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div>
          <p className="site-footer__brand">Island Glow</p>
          <p className="site-footer__tagline">Hair and skin care for Caribbean sun, salt and humidity.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to={paths.products}>Products</Link>
            </li>
            <li>
              <Link to={paths.tracking}>Track Orders</Link>
            </li>
            <li>
              <Link to={paths.contact}>Contact Us</Link>
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
