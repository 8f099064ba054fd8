import { adminDeleteOrder } from '@shop/api-client';
import { useState } from 'react';
import { toast } from '@shop/web-ui';
import { errorMessage } from '../../../lib/error-message';

interface DeleteOrderButtonProps {
  id: string;
  firstName: string;
  onDeleted: () => void;
}

/** A bin icon that deletes the order after the browser's confirm (spec section 2), then toasts 'Order Deleted Successfully'. */
export function DeleteOrderButton({ id, firstName, onDeleted }: DeleteOrderButtonProps) {
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!window.confirm(`Are you sure you want to delete ${firstName}'s Order?`)) return;
    setBusy(true);
    try {
      await adminDeleteOrder(id);
      toast('Order Deleted Successfully');
      onDeleted();
    } catch (caught) {
      toast(errorMessage(caught), 'error');
      setBusy(false);
    }
  }

  return (
    <button type="button" className="icon-button icon-button--danger" disabled={busy} aria-label={`Delete ${firstName}'s Order`} title="Delete order" onClick={() => void remove()}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h2v-8h-2Zm4 0v8h2v-8h-2Z"
        />
      </svg>
    </button>
  );
}
