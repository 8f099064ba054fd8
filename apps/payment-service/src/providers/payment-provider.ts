import { DomainError, ErrorCode, type PaymentRedirectParams } from '@shop/contracts';

/** What the shop asks a provider for: a hosted page for one reference and the server-side total. */
export interface PaymentPageRequest {
  /** 'oid-' + 12 characters; WiPay's `order_id`. */
  reference: string;
  /** The total exactly as sent, two decimals (`120.00`); the result hash is computed over this text. */
  totalSent: string;
  responseUrl: string;
  customer: { fname: string; lname: string; email: string; phone: string; city: string; street: string };
}

export interface PaymentPage {
  url: string;
  /** The provider's transaction id for this request, when it gives one (WiPay and the sandbox do). */
  transactionId: string | null;
}

/**
 * A card payment provider. Results come back through the shopper's redirect, or (issue 29) through a look-up by
 * order reference, and either is verified by one code path for every provider (payment.service.ts), with the
 * provider's API key.
 */
export interface PaymentProvider {
  readonly name: 'wipay' | 'sandbox';
  requestPaymentPage(request: PaymentPageRequest): Promise<PaymentPage>;
  /**
   * The provider's result for a reference, in the redirect's fields (a success carries the same hash), or null when
   * it has none. Absent when the provider offers no look-up (live WiPay unless WIPAY_LOOKUP_URL is set).
   */
  lookUp?(reference: string): Promise<PaymentRedirectParams | null>;
}

/** DI token of the configured provider. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** A provider that does not answer, or answers an error: 503, and the shopper may try again. */
export class PaymentProviderUnavailableError extends DomainError {
  constructor() {
    super(ErrorCode.Unavailable, 'Card payment is not available right now, please try again shortly');
  }
}
