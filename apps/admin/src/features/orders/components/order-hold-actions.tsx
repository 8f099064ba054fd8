import { adminConfirmOrder, adminFulfilOrder } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { formatShopTime } from '@shop/web-ui';
import { FormAlert } from '../../../components/ui/form-alert';
import { useOrderMove } from '../hooks/use-order-move';
import { Section } from '../../../components/ui/section';

interface OrderHoldActionsProps {
  order: Order;
  onUpdated: (order: Order) => void;
}

/**
 * Issue 23's two owner moves, shown when the server's lifecycle allows them (the order's `actions`): Confirm ends an
 * in-person order's hold (its end time is shown until then), Fulfil settles a paid order that was out of stock once
 * the product is restocked. A refusal (still short of stock, or the order moved) is shown as the server words it.
 */
export function OrderHoldActions({ order, onUpdated }: OrderHoldActionsProps) {
  const { busy, refusal, run } = useOrderMove(onUpdated);
  const actions = order.actions ?? [];
  const canConfirm = actions.includes('confirm');
  const canFulfil = actions.includes('fulfil');
  if (!canConfirm && !canFulfil) return null;

  return (
    <Section
      id="order-hold-title"
      className="order-section card order-actions"
      titleClassName="order-section__title"
      title={canFulfil ? 'Paid, out of stock' : 'Confirm the order'}
    >
      {canConfirm && (
        <>
          <p className="order-actions__hint">
            {order.holdUntil
              ? `The items are held until ${formatShopTime(order.holdUntil)}. Unless you confirm the order by then, it expires and its items go back on sale.`
              : 'Unless you confirm the order, it expires and its items go back on sale.'}
          </p>
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => adminConfirmOrder(order._id), 'Order Confirmed')}>
            Confirm Order
          </button>
        </>
      )}
      {canFulfil && (
        <>
          <p className="order-actions__hint">
            The card payment arrived after the reservation ended and the stock was sold meanwhile. Restock the product, then fulfil the order; or
            cancel it below and refund the payment.
          </p>
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => adminFulfilOrder(order._id), 'Order Fulfilled')}>
            Fulfil Order (restocked)
          </button>
        </>
      )}
      <FormAlert message={refusal} />
    </Section>
  );
}
