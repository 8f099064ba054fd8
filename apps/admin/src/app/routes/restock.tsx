import { useEffect, useId } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { DeleteProductButton } from '../../features/products/components/delete-product-button';
import { RestockCard } from '../../features/restock/components/restock-card';
import type { restockLoader } from './restock-loader';
import { useFollowingState } from '../../lib/use-following-state';
import { SearchBox } from '../../components/ui/search-box';
import { Deferred } from '../../components/ui/deferred';
import './restock.css';

/** A short pause so a search is not sent for every key typed. */
const SEARCH_PAUSE_MS = 250;

/**
 * 'Items In Need of Restocking': products out of stock or at the low-stock threshold and below (issue 26), fewest
 * first, searched on the server as the owner types (the search goes into the URL). Each card adds stock in place
 * ("+N", the route's action, recorded in the product's inventory history) or removes the product (spec section 2);
 * either reloads the list.
 */
export function RestockRoute() {
  const id = useId();
  const { q, products } = useLoaderData<typeof restockLoader>();
  const [, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  // The box follows the URL when it changes from outside (the back button).
  const [text, setText] = useFollowingState(q);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return;
    const timer = setTimeout(() => setParams(wanted ? { q: wanted } : {}, { replace: true }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const changed = () => void revalidator.revalidate();

  return (
    <>
      <title>Restock | Island Glow Admin</title>
      <h1 className="page-title">Items In Need of Restocking</h1>
      <p className="restock-intro">
        Out of stock, and running low (at or below the low-stock threshold in <Link to={paths.controls}>Site Settings</Link>), fewest first. Add what
        arrived: each addition is kept in the product&apos;s inventory history.
      </p>
      <div className="field restock-search">
        <SearchBox id={`${id}-search`} label="Search for a product" value={text} onValue={setText} />
      </div>
      {/* A new search or a change keeps the list shown until the new one arrives, as the screen always did. */}
      <Deferred resolve={products} placeholder={<Spinner />}>
        {(list) =>
          list.length === 0 ? (
            <p>Nothing needs restocking.</p>
          ) : (
            <ul className="restock-list">
              {list.map((product) => (
                <RestockCard
                  key={`${product._id}-${product.variant ?? ''}`}
                  product={product}
                  actions={<DeleteProductButton id={product._id} name={product.name} onDeleted={changed} />}
                />
              ))}
            </ul>
          )
        }
      </Deferred>
    </>
  );
}
