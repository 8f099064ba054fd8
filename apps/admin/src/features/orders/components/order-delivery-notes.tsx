import type { Order } from '@shop/contracts';
import { Section } from '../../../components/ui/section';
import './order-delivery-notes.css';

/**
 * What the driver and the owner must know about where an order goes, above the order's details: the shopper's
 * delivery note (a landmark, directions), and a town the server found outside the chosen delivery area's towns.
 * Nothing when there is neither.
 */
export function OrderDeliveryNotes({ order }: { order: Order }) {
  const note = order.customer.note?.trim() ?? '';
  const town = order.customer.city?.trim() ?? '';
  const mismatch = order.townOutsideArea === true && order.deliveryArea !== null && town !== '';
  if (!note && !mismatch) return null;
  return (
    <Section id="order-delivery-notes-title" className="order-section card order-delivery-notes" titleClassName="order-section__title" title="Delivery">
      {mismatch && (
        <p className="order-delivery-notes__mismatch">
          Town {town} is not in {order.deliveryArea?.name} — check with the customer
        </p>
      )}
      {note && (
        <p className="order-delivery-notes__note">
          <span className="order-delivery-notes__label">Delivery note:</span> {note}
        </p>
      )}
    </Section>
  );
}
