/** The query parameters of a provider's redirect back to `/checkout/{id}` (WiPay's names). */
export interface PaymentRedirectParams {
  status?: string;
  message?: string;
  order_id?: string;
  transaction_id?: string;
  total?: string;
  currency?: string;
  card?: string;
  date?: string;
  data?: string;
  customer_name?: string;
  customer_email?: string;
  customer_address?: string;
  hash?: string;
}

/** The redirect parameters the API accepts (all strings, each bounded). */
export const PAYMENT_REDIRECT_KEYS = [
  'status',
  'message',
  'order_id',
  'transaction_id',
  'total',
  'currency',
  'card',
  'date',
  'data',
  'customer_name',
  'customer_email',
  'customer_address',
  'hash',
] as const satisfies ReadonlyArray<keyof PaymentRedirectParams>;

/**
 * Who asks about an order (issue 23): the visitor in X-Visitor-Id and whether the request carried an admin session.
 * Only the visitor who placed the order or the owner sees its contact details, visitor id and payment reference.
 */
export interface OrderViewer {
  visitorId?: string;
  isAdmin?: boolean;
}

/** `POST /api/orders/pay` (the body is `{ orderId }`; the gateway adds who asks). */
export interface PayOrderRequest extends OrderViewer {
  orderId: string;
}
export interface PayOrderResponse {
  url: string;
}

/** `PUT /api/orders/payment/{id}`: the redirect's parameters, untouched. */
export interface PaymentResultRequest extends OrderViewer {
  id: string;
  params: PaymentRedirectParams;
}

// The request types of the payment patterns are derived from their schemas (payment.schemas.ts).

export interface CreatePaymentResponse {
  url: string;
  reference: string;
  transactionId: string | null;
}

/** A verified result; anything unverified is a 400 `Payment could not be verified` instead. */
export interface VerifyPaymentResponse {
  outcome: 'paid' | 'failed';
  transactionId: string;
  /** False when this transaction id was already recorded (a replay). */
  firstTime: boolean;
  paidAt: string;
}

export const PAYMENT_NOT_VERIFIED = 'Payment could not be verified';
