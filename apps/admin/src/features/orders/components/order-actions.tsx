import { adminCancelOrder, adminRecordRefund } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { FormAlert } from '../../../components/ui/form-alert';
import { useOrderMove } from '../hooks/use-order-move';
import { Section } from '../../../components/ui/section';

interface OrderActionsProps {
  order: Order;
  onUpdated: (order: Order) => void;
}

/**
 * Cancel and refund, each behind the browser's confirm. The buttons are the ones the server's lifecycle
 * allows now (the order's `actions`); a refusal (the order moved meanwhile) is shown as the server words it.
 */
export function OrderActions({ order, onUpdated }: OrderActionsProps) {
  const { busy, refusal, run: move } = useOrderMove(onUpdated);
  const actions = order.actions ?? [];
  const name = order.customer.fname;
  if (!actions.includes('cancel') && !actions.includes('record_refund')) return null;

  // Each of these moves cannot be undone: the browser's confirm first.
  async function run(question: string, call: () => Promise<Order>, done: string) {
    if (window.confirm(question)) await move(call, done);
  }

  return (
    <Section
      id="order-actions-title"
      className="order-section card order-actions"
      titleClassName="order-section__title"
      title={actions.includes('record_refund') ? 'Refund' : 'Cancel'}
    >
      {actions.includes('cancel') && (
        <>
          <p className="order-actions__hint">
            {order.isPaid
              ? `${name} is mailed, the stock goes back, and the ${order.isInPerson ? 'cash' : order.paymentMethod === 'bank_transfer' ? 'bank transfer' : 'card payment'} becomes a refund due.`
              : `${name} is mailed and the stock goes back.`}
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() =>
              void run(`Cancel ${name}'s order ${order.orderNumber}?`, () => adminCancelOrder(order._id), 'Order Cancelled')
            }
          >
            Cancel Order
          </button>
        </>
      )}
      {actions.includes('record_refund') && (
        <>
          <p className="order-actions__hint">Refund due to {name}. Record it once the money is paid back.</p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              void run(`Record that ${name}'s order ${order.orderNumber} was refunded?`, () => adminRecordRefund(order._id), 'Refund Recorded')
            }
          >
            Record Refund
          </button>
        </>
      )}
      <FormAlert message={refusal} />
    </Section>
  );
}
