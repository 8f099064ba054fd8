import { adminGetRestock, isAbortError } from '@shop/api-client';
import type { ProductSummary } from '@shop/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { ErrorPanel } from '@shop/web-ui';
import { Spinner } from '../../components/ui/spinner';
import { DeleteProductButton } from '../../features/products/components/delete-product-button';
import { RestockCard } from '../../features/restock/components/restock-card';
import { withAdminSession } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
import './restock.css';

type ListState = { status: 'loading' } | { status: 'ready'; products: ProductSummary[] } | { status: 'failed'; message: string };

/**
 * 'Items In Need of Restocking': products with stock below 1, searched on the server as the owner types. Each
 * card edits its stock in place or removes the product (spec section 2: a remove button, editable mode, stock count).
 */
export function RestockRoute() {
  const id = useId();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [reload, setReload] = useState(0);

  const load = useCallback((q: string, signal: AbortSignal) => {
    withAdminSession(() => adminGetRestock({ q, signal })).then(
      (products) => setState({ status: 'ready', products }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ status: 'failed', message: errorMessage(error) });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    // A short pause so a search is not sent for every key typed.
    const timer = setTimeout(() => load(query, controller.signal), query ? 250 : 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, reload, load]);

  return (
    <>
      <title>Restock | Island Glow Admin</title>
      <h1 className="page-title">Items In Need of Restocking</h1>
      <div className="field restock-search">
        <label className="visually-hidden" htmlFor={`${id}-search`}>
          Search for a product
        </label>
        <input
          id={`${id}-search`}
          className="field__input"
          type="search"
          placeholder="Search for a product"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'failed' && <ErrorPanel message={state.message} onRetry={() => setReload((n) => n + 1)} />}
      {state.status === 'ready' &&
        (state.products.length === 0 ? (
          <p>Nothing needs restocking.</p>
        ) : (
          <ul className="restock-list">
            {state.products.map((product) => (
              <RestockCard
                key={product._id}
                product={product}
                onSaved={() => setReload((n) => n + 1)}
                actions={<DeleteProductButton id={product._id} name={product.name} onDeleted={() => setReload((n) => n + 1)} />}
              />
            ))}
          </ul>
        ))}
    </>
  );
}
