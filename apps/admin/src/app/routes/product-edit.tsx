import { adminUpdateProduct, errorMessage } from '@shop/api-client';
import type { ProductInput } from '@shop/rules';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useRevalidator } from 'react-router-dom';
import { toast } from '@shop/web-ui';
import { Spinner } from '../../components/ui/spinner';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { DeleteProductButton } from '../../features/products/components/delete-product-button';
import { ProductForm } from '../../features/products/components/product-form';
import { type SaveState, SaveResult } from '../../features/products/components/save-result';
import { VariantGrid } from '../../features/products/components/variant-grid';
import { InventoryHistory } from '../../features/restock/components/inventory-history';
import './product-edit.css';
import type { productEditLoader } from './product-edit-loader';
import { Deferred } from '../../components/ui/deferred';

export function ProductEditRoute() {
  const { product, types, movements } = useLoaderData<typeof productEditLoader>();
  // What the shop shows now: the saved answer, so the mark follows a save without a reload.
  const [visible, setVisible] = useState(product.visible);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
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
      setVisible(saved.visible);
      toast('Product Updated Successfully');
      // Issue 28: the options may have made or removed variants; the grid is drawn from the reloaded product.
      void revalidator.revalidate();
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
      {visible ? (
        <p className="product-edit__shop">
          <a href={`${env.storefrontUrl}/product/${encodeURIComponent(product._id)}`} target="_blank" rel="noopener noreferrer">
            View in shop<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : (
        <p className="product-edit__hidden">
          <span className="product-edit__hidden-mark">Hidden</span> Shoppers cannot see, find or buy this product. Turn on “Visible in shop” to put it on sale.
        </p>
      )}
      <SaveResult state={state} successText="Product edited successfully" />
      <div hidden={state.status === 'saving'}>
        <ProductForm
          key={product._id}
          product={product}
          types={types}
          submitLabel="Update"
          onSubmit={(input) => void save(input)}
          actions={<DeleteProductButton id={product._id} name={product.name} onDeleted={() => void navigate(paths.products)} />}
        />
      </div>
      {product.options.length > 0 ? <VariantGrid product={product} /> : null}
      <section id="inventory-history" className="product-edit__history" aria-labelledby="inventory-history-title" tabIndex={-1}>
        <h2 id="inventory-history-title" className="product-edit__history-title">
          Inventory history
        </h2>
        <Deferred resolve={movements} placeholder={<Spinner label="Loading the inventory history…" />}>
          {(list) => <InventoryHistory movements={list} />}
        </Deferred>
      </section>
    </>
  );
}
