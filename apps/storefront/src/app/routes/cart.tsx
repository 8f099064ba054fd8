import { formatTTD } from '@shop/money';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { CartEmpty } from '../../features/cart/components/cart-empty';
import { CartLine } from '../../features/cart/components/cart-line';
import { useAddFromLink } from '../../features/cart/hooks/use-add-from-link';
import { quoteProblemText, useCartQuote } from '../../features/cart/hooks/use-cart-quote';
import { cartLineKey, type CartItem, cartSubtotal, useCartStore } from '../../features/cart/stores/cart-store';
import './cart.css';

export function CartRoute() {
  const adding = useAddFromLink();
  const cartItems = useCartStore((state) => state.cartItems);
  const addItem = useCartStore((state) => state.addItem);
  const removeItem = useCartStore((state) => state.removeItem);
  const { quote, status, previousPrices } = useCartQuote();
  const lineOf = (item: CartItem) => quote?.lines.find((line) => cartLineKey(line) === cartLineKey(item));
  // The server's figures once it has answered; the stored ones (last seen) until then.
  const sellable = quote ? cartItems.filter((item) => !lineOf(item)?.problem) : cartItems;
  const itemsTotal = quote && status === 'ready' ? quote.itemsPrice : cartSubtotal(sellable);

  return (
    <div className="container page-section">
      <title>Cart | Island Glow</title>
      <h1 className="section-heading__title">Shopping Cart</h1>
      {adding ? (
        <p role="status">Adding to your cart…</p>
      ) : cartItems.length === 0 ? (
        <CartEmpty />
      ) : (
        <div className="cart">
          <ul className="cart__lines">
            {cartItems.map((item) => (
              <CartLine
                key={cartLineKey(item)}
                item={item}
                previousPrice={previousPrices[cartLineKey(item)]}
                problem={quoteProblemText(lineOf(item), item.name)}
                onQtyChange={(qty) => addItem({ ...item, qty })}
                onRemove={() => removeItem(cartLineKey(item))}
              />
            ))}
          </ul>
          <aside className="cart__summary panel" aria-label="Cart total">
            <p className="cart__total">
              Total ({sellable.reduce((sum, item) => sum + item.qty, 0)} items): <strong>{formatTTD(itemsTotal)}</strong>
            </p>
            {status === 'error' && <p className="cart__note">We could not check today's prices; checkout will show them.</p>}
            <Link className="button" to={paths.checkout}>
              Checkout
            </Link>
            <Link to={paths.products}>Continue Shopping</Link>
          </aside>
        </div>
      )}
    </div>
  );
}
