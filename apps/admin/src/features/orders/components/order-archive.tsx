import { adminArchiveOrder, adminDeleteOrder, adminRestoreOrder, errorMessage } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { formatShopTime, toast } from '@shop/web-ui';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { useOrderMove } from '../hooks/use-order-move';
import { errorAria } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';

interface OrderArchiveProps {
  order: Order;
  onUpdated: (order: Order) => void;
  onRefused: () => void;
  onDeleted: () => void;
}

/**
 * Issue 26: archive in place of delete. A finished order is archived (it leaves the lists and stays in the reports)
 * and can be restored; only an unpaid order that holds no stock can be deleted for good, once its number is typed.
 * The server answers `archivable` and `deletable`, and refuses anything else all the same.
 */
export function OrderArchive({ order, onUpdated, onRefused, onDeleted }: OrderArchiveProps) {
  const id = useId();
  const { busy, refusal, run } = useOrderMove(onUpdated, onRefused);
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const archived = Boolean(order.archivedAt);
  if (!archived && !order.archivable && !order.deletable) return null;
  const matches = typed.trim().toUpperCase() === order.orderNumber.toUpperCase();

  async function remove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!matches) {
      setDeleteError(`Type ${order.orderNumber} to delete this order.`);
      return;
    }
    setDeleting(true);
    setDeleteError(null);
    try {
      await adminDeleteOrder(order._id);
      toast('Order Deleted Successfully');
      onDeleted();
    } catch (caught) {
      setDeleteError(errorMessage(caught));
      setDeleting(false);
      onRefused();
    }
  }

  return (
    <section className="order-section card order-actions order-detail__wide" aria-labelledby={`${id}-title`}>
      <h2 className="order-section__title" id={`${id}-title`}>
        {archived ? 'Archived' : 'Archive'}
      </h2>
      {archived ? (
        <>
          <p className="order-actions__hint">
            Archived {formatShopTime(order.archivedAt ?? '')}: it is not in the order lists, and still counts in the reports.
          </p>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void run(() => adminRestoreOrder(order._id), 'Order Restored')}>
            Restore to the lists
          </button>
        </>
      ) : (
        order.archivable && (
          <>
            <p className="order-actions__hint">This order needs nothing more. Archive it to take it out of the lists; it still counts in the reports, and you can restore it.</p>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void run(() => adminArchiveOrder(order._id), 'Order Archived')}>
              Archive Order
            </button>
          </>
        )
      )}
      <FormAlert message={refusal} />
      {order.deletable && (
        <form className="order-delete" onSubmit={(event) => void remove(event)} noValidate>
          <h3 className="order-delete__title">Delete for good</h3>
          <p className="order-actions__hint">Nothing was paid and it holds no stock, so it can be deleted. This cannot be undone.</p>
          <TextField
            id={`${id}-confirm`}
            label={`Type ${order.orderNumber} to confirm`}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            {...errorAria(`${id}-error`, deleteError)}
            onValue={(value) => {
              setTyped(value);
              setDeleteError(null);
            }}
          />
          <button type="submit" className="button button--danger" disabled={deleting}>
            Delete Order
          </button>
          <FormAlert id={`${id}-error`} message={deleteError} />
        </form>
      )}
    </section>
  );
}
