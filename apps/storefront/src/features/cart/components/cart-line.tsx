import { formatTTD } from '@shop/money';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { IMAGE_SIZES, ShopImage } from '../../../components/ui/shop-image';
import { paths } from '../../../config/paths';
import { qtyChoices } from '../../../config/quantity';
import type { CartItem } from '../stores/cart-store';

interface CartLineProps {
  item: CartItem;
  /** The unit price the cart held before the server's quote changed it. */
  previousPrice?: number;
  /** Why the line cannot be bought as it stands (from the server's quote); it is left out of the total. */
  problem?: string | null;
  onQtyChange: (qty: number) => void;
  onRemove: () => void;
}

/** One cart line: image, name, price x quantity = line total, a quantity choice, Remove and View Item. */
export function CartLine({ item, previousPrice, problem, onQtyChange, onRemove }: CartLineProps) {
  const qtyId = useId();
  const lineTotal = (Math.round(item.price * 100) * item.qty) / 100;
  const priceMoved = previousPrice !== undefined && previousPrice !== item.price;
  return (
    <li className={problem ? 'cart-line cart-line--problem' : 'cart-line'}>
      <ShopImage className="cart-line__image" src={item.image} sizes={IMAGE_SIZES.cartLine} alt="" width={96} height={96} loading="lazy" decoding="async" />
      <div className="cart-line__body">
        <h2 className="cart-line__name">{item.name}</h2>
        {problem ? (
          <p className="cart-line__notice cart-line__notice--problem">{problem}</p>
        ) : (
          <p className="cart-line__sum">
            {formatTTD(item.price)} x {item.qty} = <strong>{formatTTD(lineTotal)}</strong>
          </p>
        )}
        {priceMoved && !problem && (
          <p className="cart-line__notice">
            Price changed: was <s>{formatTTD(previousPrice)}</s>, now <strong>{formatTTD(item.price)}</strong>
          </p>
        )}
        <div className="cart-line__actions">
          <div className="cart-line__qty">
            <label htmlFor={qtyId}>
              Quantity<span className="visually-hidden"> of {item.name}</span>
            </label>
            <select id={qtyId} className="input" value={item.qty} onChange={(event) => onQtyChange(Number(event.target.value))}>
              {qtyChoices(item.countInStock, item.qty).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="button button--secondary button--small" onClick={onRemove}>
            Remove<span className="visually-hidden"> {item.name}</span>
          </button>
          <Link className="button button--secondary button--small" to={paths.product(item.product, item.variant)}>
            View Item<span className="visually-hidden"> {item.name}</span>
          </Link>
        </div>
      </div>
    </li>
  );
}
