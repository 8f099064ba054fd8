import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** The checkout page's frame, the same whether the app or the server (without scripts) draws it. */
export function CheckoutPage({ notice, children }: { notice?: ReactNode; children: ReactNode }) {
  return (
    <div className="container page-section checkout">
      <title>Checkout | Island Glow</title>
      <h1 className="section-heading__title">Checkout</h1>
      {notice}
      <p>
        <Link to={paths.cart}>Back to Cart</Link>
      </p>
      {children}
    </div>
  );
}

/** The two named columns of a checkout with lines: the order summary, and the shopper's details. */
export function CheckoutGrid({ summary, details }: { summary: ReactNode; details: ReactNode }) {
  return (
    <div className="checkout__grid">
      <section aria-labelledby="summary-title">
        <h2 id="summary-title" className="checkout__subtitle">
          Order Summary
        </h2>
        {summary}
      </section>
      <section aria-labelledby="details-title" className="checkout__details">
        <h2 id="details-title" className="checkout__subtitle">
          Your Details
        </h2>
        {details}
      </section>
    </div>
  );
}
