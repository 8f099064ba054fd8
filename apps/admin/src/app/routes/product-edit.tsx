import { adminUpdateProduct } from '@shop/api-client';
import type { ProductInput } from '@shop/rules';
import { useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router-dom';
import { toast } from '@shop/web-ui';
import { paths } from '../../config/paths';
import { DeleteProductButton } from '../../features/products/components/delete-product-button';
import { ProductForm } from '../../features/products/components/product-form';
import { type SaveState, SaveResult } from '../../features/products/components/save-result';
import { errorMessage } from '../../lib/error-message';
import type { productEditLoader } from './product-edit-loader';

export function ProductEditRoute() {
  const { product } = useLoaderData<typeof productEditLoader>();
  const navigate = useNavigate();
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
    </>
  );
}
