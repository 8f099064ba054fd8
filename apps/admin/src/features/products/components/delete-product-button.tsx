import { adminDeleteProduct, errorMessage } from '@shop/api-client';
import { useState } from 'react';
import { toast } from '@shop/web-ui';

interface DeleteProductButtonProps {
  id: string;
  name: string;
  onDeleted: () => void;
  className?: string;
}

/** Deletes a product after the browser's confirm (spec section 2), then toasts 'Item Deleted Successfully'. */
export function DeleteProductButton({ id, name, onDeleted, className = 'button button--danger' }: DeleteProductButtonProps) {
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!window.confirm(`Are you sure you want to delete ${name}?`)) return;
    setBusy(true);
    try {
      await adminDeleteProduct(id);
      toast('Item Deleted Successfully');
      onDeleted();
    } catch (caught) {
      toast(errorMessage(caught), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={className} disabled={busy} aria-label={`Delete ${name}`} onClick={() => void remove()}>
      Delete
    </button>
  );
}
