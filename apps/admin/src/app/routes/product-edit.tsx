import { adminUpdateProduct } from '@shop/api-client';
import type { ProductInput } from '@shop/rules';
import { Suspense, useEffect, useState } from 'react';
import { Await, Link, useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@shop/web-ui';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { DeleteProductButton } from '../../features/products/components/delete-product-button';
import { ProductForm } from '../../features/products/components/product-form';
import { type SaveState, SaveResult } from '../../features/products/components/save-result';
import { InventoryHistory } from '../../features/restock/components/inventory-history';
import { errorMessage } from '../../lib/error-message';
import './product-edit.css';
import type { productEditLoader } from './product-edit-loader';

export function ProductEditRoute() {
  const { product, movements } = useLoaderData<typeof productEditLoader>();
  const navigate = useNavigate();
  const { hash } = useLocation();
  // The restock screen links here with #inventory-history: the router does not scroll to it on its own.
  useEffect(() => {
    if (hash === '#inventory-history') document.getElementById('inventory-history')?.scrollIntoView();
  }, [hash]);
  const [state, setState] = useState<SaveState>({ status: 'idle' });

  async function save(input: ProductInput) {
    setState({ status: 'saving' });
    try {
      const saved = await adminUpdateProduct(product._id, input);
      setState({ status: 'done', id: saved._id });
      toast('Product Updated Successfully');
    } catch (caught) {
      setState({ status: 'failed', message: errorMessage(caught) });
    }
  }

  return (
    <>
      <title>{`Edit ${product.name} | Island Glow Admin`}</title>
      <p>
        <Link to={paths.products}>Go Back</Link>
      </p>
      <h1 className="page-title">Edit Product</h1>
      <p className="product-edit__shop">
        <a href={`${env.storefrontUrl}/product/${encodeURIComponent(product._id)}`} target="_blank" rel="noopener noreferrer">
          View in shop<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
      <SaveResult state={state} successText="Product edited successfully" />
      <div hidden={state.status === 'saving'}>
        <ProductForm
          key={product._id}
          product={product}
          submitLabel="Update"
          onSubmit={(input) => void save(input)}
          actions={<DeleteProductButton id={product._id} name={product.name} onDeleted={() => void navigate(paths.products)} />}
        />
      </div>
      <section id="inventory-history" className="product-edit__history" aria-labelledby="inventory-history-title" tabIndex={-1}>
        <h2 id="inventory-history-title" className="product-edit__history-title">
          Inventory history
        </h2>
        <Suspense fallback={<Spinner label="Loading the inventory history…" />}>
          <Await resolve={movements} errorElement={<LoadError placeholder={<Spinner label="Loading the inventory history…" />} />}>
            {(list) => <InventoryHistory movements={list} />}
          </Await>
        </Suspense>
      </section>
    </>
  );
}
