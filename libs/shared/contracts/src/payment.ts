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

/** A redirect's (or a look-up's) parameters from any object: strings only, each bounded; unknown keys dropped. */
export function pickRedirectParams(body: unknown): PaymentRedirectParams {
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const params: PaymentRedirectParams = {};
  for (const key of PAYMENT_REDIRECT_KEYS) {
    const value = source[key];
    if (typeof value === 'string' && value.length <= 1000) params[key] = value;
  }
  return params;
}

// The order patterns' payment requests and answers (PayOrderRequest, PaymentResultRequest, PayOrderResponse) are
// inferred from their schemas in order.schemas.ts; the payment patterns' requests from payment.schemas.ts.

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
