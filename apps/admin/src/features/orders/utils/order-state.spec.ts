import type { Order, OrderAction, OrderState } from '@shop/contracts';
import { ownerMoves, shortVisitor } from './order-state';

/** The fields the buttons read: the state, the kind of order, its area and the actions the server allows. */
function order(state: OrderState, actions: OrderAction[], area = 'Central Trinidad', isInPerson = false): Order {
  return { state, actions, isInPerson, deliveryArea: { name: area, estimatedDays: '1-2 working days' } } as Order;
}
const labels = (o: Order) => ownerMoves(o).map((m) => `${m.direction}: ${m.label} (${m.status})`);

describe('the one-tap moves (issue 26)', () => {
  it('offers the next steps first and a step back, only among the actions the server allows', () => {
    expect(labels(order('paid', ['prepare', 'send_out', 'deliver', 'cancel']))).toEqual(['next: Out for delivery (Out for Delivery)', 'next: Delivered (Delivered)']);
    expect(labels(order('out_for_delivery', ['prepare', 'send_out', 'deliver']))).toEqual(['next: Delivered (Delivered)', 'back: Back to preparing (Preparing Order)']);
    expect(labels(order('delivered', ['prepare', 'send_out', 'deliver'], 'Tobago', true))).toEqual([
      'back: Back to out for delivery (Out for Delivery)',
      'back: Back to preparing (Preparing In Person Order)',
    ]);
    // The server did not allow it: no button, whatever the state.
    expect(labels(order('paid', ['cancel']))).toEqual([]);
    expect(labels(order('cancelled', []))).toEqual([]);
    expect(labels(order('awaiting_payment', ['prepare', 'cancel']))).toEqual([]);
  });

  it('says ready for pick-up and picked up for an order collected at the shop', () => {
    expect(labels(order('in_person', ['prepare', 'send_out', 'deliver', 'cancel'], 'Pick up in store', true))).toEqual([
      'next: Ready for pick-up (Out for Delivery)',
      'next: Picked up (Delivered)',
    ]);
  });

  it('shows a visitor id as a short code', () => {
    expect(shortVisitor('uid-Ab3dE9xK2pQr')).toBe('Ab3dE9');
  });
});
