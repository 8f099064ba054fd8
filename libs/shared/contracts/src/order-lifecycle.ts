import { z } from 'zod';

/**
 * Where an order stands: one value, kept by the order service's lifecycle table. The older fields of an
 * order (isPaid, deliveryStatus, isDelivered) stay in the API, and are what each state means for them.
 */
export const OrderState = {
  /** A card order waiting for its payment. */
  AwaitingPayment: 'awaiting_payment',
  PaymentFailed: 'payment_failed',
  /** Issue 29: a bank-transfer order holding its stock until the owner sees the money (or its hold ends). */
  AwaitingTransfer: 'awaiting_transfer',
  /** A card order whose reservation ran out before it was paid. */
  Expired: 'expired',
  /** A paid card order being prepared. */
  Paid: 'paid',
  /**
   * A card payment that arrived after the order's reservation was released, for stock that was sold meanwhile:
   * the money is taken, the goods are not there. The owner restocks and fulfils it, or cancels it (refund due).
   */
  PaidOutOfStock: 'paid_out_of_stock',
  /** A pay-in-person order being prepared (its stock held until `holdUntil` unless the owner confirms it). */
  InPerson: 'in_person',
  OutForDelivery: 'out_for_delivery',
  Delivered: 'delivered',
  Cancelled: 'cancelled',
  /** A cancelled order whose card payment must be paid back. */
  RefundDue: 'refund_due',
  Refunded: 'refunded',
} as const;
export type OrderState = (typeof OrderState)[keyof typeof OrderState];

/** Who moved an order: the shopper, the owner, the payment provider, or the shop itself (an expiry). */
export const OrderActorSchema = z.enum(['shopper', 'owner', 'payment_provider', 'system']);
export type OrderActor = z.infer<typeof OrderActorSchema>;

/** What happened to an order; each is one entry in the lifecycle table. */
export const OrderAction = {
  Place: 'place',
  Pay: 'pay',
  /** A card payment for an order whose stock went back and was sold meanwhile: paid, out of stock. */
  PayWithoutStock: 'pay_without_stock',
  /** The owner records a card payment WiPay shows but whose redirect never came (issue 29). */
  RecordCardPayment: 'record_card_payment',
  /** The same, for an order whose released stock was sold meanwhile: paid, out of stock. */
  RecordCardPaymentWithoutStock: 'record_card_payment_without_stock',
  /** Issue 29: the owner marks a bank-transfer order paid (amount, date, bank reference). */
  RecordTransfer: 'record_transfer',
  /** Issue 29: the shopper is reminded before a bank-transfer order's hold ends (the order stays where it is). */
  RemindTransfer: 'remind_transfer',
  /** Issue 29: the shopper uploaded a proof of transfer (the order stays where it is; the owner checks it). */
  UploadTransferProof: 'upload_transfer_proof',
  Decline: 'decline',
  Expire: 'expire',
  /** The owner confirms an in-person order: its stock is held until it is delivered or cancelled, no longer until a time. */
  Confirm: 'confirm',
  /** The owner restocked a paid order that was out of stock: its stock is taken again and it is prepared. */
  Fulfil: 'fulfil',
  Prepare: 'prepare',
  SendOut: 'send_out',
  Deliver: 'deliver',
  Cancel: 'cancel',
  RecordRefund: 'record_refund',
} as const;
export type OrderAction = (typeof OrderAction)[keyof typeof OrderAction];

// An order's history entries (OrderTimelineEntry) are inferred from their schema in order.schemas.ts.
