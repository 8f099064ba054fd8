import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import './cart-empty.css';

/** What the cart and the checkout show with nothing to buy: why, and the way back to the products. */
export function CartEmpty({ message = 'Your Cart is Empty' }: { message?: string }) {
  return (
    <div className="cart-empty">
      <p className="cart-empty__text">{message}</p>
      <Link className="button" to={paths.products}>
        Go to Products
      </Link>
    </div>
  );
}
