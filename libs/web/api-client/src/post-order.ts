import type { Order } from '@shop/contracts';
import type { CheckoutCustomer, PayOnDelivery } from '@shop/rules';
import { sendJson, visitorHeaders } from './api-client';

export interface PlaceOrderInput {
  customer: CheckoutCustomer;
  /** Cart lines: product id, variant (issue 28; none: the product's only one), quantity and the unit price the shopper saw; the server prices them and adds the delivery cost. */
  items: Array<{ product: string; variant?: string; qty: number; confirmedPrice?: number }>;
  /** The server's quoted total the shopper confirmed: if the server's total differs now, the order is refused (409). */
  confirmedTotal?: number;
  /** Pay in person (`POST /api/orders/inperson`) instead of by card (`POST /api/orders`). */
  inPerson: boolean;
  /** Issue 29: a bank-transfer order (`POST /api/orders` with paymentMethod 'bank_transfer'). */
  bankTransfer?: boolean;
  /** Issue 29: a pay-on-delivery order's cash or Linx. */
  payOnDelivery?: PayOnDelivery;
  /** The same key on a retry answers the first order instead of placing a second. */
  idempotencyKey: string;
  /** The delivery area picked (the server prices it); none: the shop's default area. */
  deliveryAreaId?: string;
  /** A discount code; the server works out the saving. */
  discountCode?: string;
}

/** Places an order for the visitor; answers the order as the server priced it. */
export function placeOrder(input: PlaceOrderInput, visitorId: string): Promise<Order> {
  return sendJson<Order>('post', input.inPerson ? 'orders/inperson' : 'orders', {
    json: {
      ...input.customer,
      id: visitorId,
      orderItems: input.items,
      confirmedTotal: input.confirmedTotal,
      deliveryAreaId: input.deliveryAreaId,
      discountCode: input.discountCode,
      payOnDelivery: input.inPerson ? input.payOnDelivery : undefined,
      paymentMethod: !input.inPerson && input.bankTransfer ? 'bank_transfer' : undefined,
    },
    headers: { ...visitorHeaders(visitorId), 'Idempotency-Key': input.idempotencyKey },
  });
}
