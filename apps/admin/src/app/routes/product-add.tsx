import { adminCreateProduct, errorMessage } from '@shop/api-client';
import type { ProductInput } from '@shop/rules';
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { toast } from '@shop/web-ui';
import { paths } from '../../config/paths';
import { ProductForm } from '../../features/products/components/product-form';
import { type SaveState, SaveResult } from '../../features/products/components/save-result';
import type { productAddLoader } from './product-edit-loader';

/** The add state lives in this screen, so it starts afresh every time the screen is entered. */
export function ProductAddRoute() {
  const { types } = useLoaderData<typeof productAddLoader>();
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const [formKey, setFormKey] = useState(0);
  const [variantCount, setVariantCount] = useState(0);

  async function save(input: ProductInput) {
    setState({ status: 'saving' });
    try {
      const product = await adminCreateProduct(input);
      setVariantCount(product.options.length > 0 ? product.variants.length : 0);
      setState({ status: 'done', id: product._id });
      toast(input.visible ? 'Product Added Successfully' : 'Product Saved as a Draft');
    } catch (caught) {
      setState({ status: 'failed', message: errorMessage(caught) });
    }
  }

  return (
    <>
      <title>Add New Product | Island Glow Admin</title>
      <p>
        <Link to={paths.products}>Go Back</Link>
      </p>
      <h1 className="page-title">Add New Product</h1>
      <SaveResult
        state={state}
        successText={
          variantCount > 0
            ? `Product added successfully with ${variantCount} variants: set each one's price and stock on its edit screen`
            : 'Product added successfully'
        }
      />
      {state.status === 'done' && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setFormKey((k) => k + 1);
            setState({ status: 'idle' });
          }}
        >
          Add Another Product
        </button>
      )}
      {/* Hidden, not unmounted, while saving: a failed save keeps what was typed. */}
      <div hidden={state.status === 'saving' || state.status === 'done'}>
        <ProductForm key={formKey} types={types} submitLabel="Add Product" draftLabel="Save as Draft" onSubmit={(input) => void save(input)} />
      </div>
    </>
  );
}
