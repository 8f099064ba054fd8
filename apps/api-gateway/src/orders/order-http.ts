import type { SchemaObject } from '@nestjs/swagger';
import { type CreateOrderRequest, OrderPageSchema, OrderQuoteSchema, OrderSchema, validate, ValidationError } from '@shop/contracts';
import { type CheckoutInput, VisitorIdSchema } from '@shop/rules';
import { schemaOf } from '../http/openapi';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The order to place from the checkout body of `POST /api/orders` (spec field names, validated by the route). Prices and totals the client sends are never charged;
 * `confirmedTotal` only makes the server refuse an order whose total changed since the shopper saw it.
 */
export function checkoutRequest(input: CheckoutInput, visitorHeader: string | undefined, keyHeader: string | undefined, inPerson: boolean): CreateOrderRequest {
  const visitorId = validate(VisitorIdSchema, visitorHeader ?? input.id);
  if (input.id && input.id !== visitorId) throw new ValidationError('The order id does not match X-Visitor-Id');
  if (keyHeader !== undefined && !IDEMPOTENCY_KEY.test(keyHeader)) throw new ValidationError('Idempotency-Key is not valid');
  // A delivery cost or discount amount the client sends is not read: the server prices both.
  const { id: _id, orderItems, confirmedTotal, deliveryAreaId, discountCode, payOnDelivery, paymentMethod, ...customer } = input;
  return {
    customer: { id: visitorId, ...customer },
    items: orderItems.map((i) => ({ product: i.product, variant: i.variant, qty: i.qty, confirmedPrice: i.confirmedPrice })),
    inPerson,
    // Only a pay-on-delivery order has a choice to keep; a card checkout that sent one is priced as before.
    ...(inPerson && payOnDelivery ? { payOnDelivery } : {}),
    ...(!inPerson && paymentMethod === 'bank_transfer' ? { bankTransfer: true } : {}),
    confirmedTotal,
    idempotencyKey: keyHeader,
    deliveryAreaId,
    discountCode,
  };
}

/** The order, a quote and a page of orders, documented from the contracts' schemas (the same ones that check them). */
export const orderSchema: SchemaObject = schemaOf(OrderSchema);
export const quoteSchema: SchemaObject = schemaOf(OrderQuoteSchema);
export const orderPageSchema: SchemaObject = schemaOf(OrderPageSchema);
