import type { PaymentConfig } from '@shop/server-config';
import { type PaymentPage, type PaymentPageRequest, type PaymentProvider, PaymentProviderUnavailableError } from './payment-provider';
import { lookUpTransaction } from './transaction-lookup';

export type WipaySettings = Pick<
  PaymentConfig,
  | 'WIPAY_ACCOUNT_NUMBER'
  | 'WIPAY_REQUEST_URL'
  | 'WIPAY_ENVIRONMENT'
  | 'WIPAY_COUNTRY_CODE'
  | 'WIPAY_CURRENCY'
  | 'WIPAY_FEE_STRUCTURE'
  | 'WIPAY_METHOD'
  | 'PAYMENT_SHOP_NAME'
  | 'WIPAY_LOOKUP_URL'
>;

const REQUEST_TIMEOUT_MS = 10_000;

/** WiPay's hosted checkout: a form-encoded POST that answers `{ url, message, transaction_id }`. */
export class WipayProvider implements PaymentProvider {
  readonly name = 'wipay' as const;
  /** WiPay's status look-up, only where WIPAY_LOOKUP_URL is configured (issue 29; its format is assumed). */
  readonly lookUp?: PaymentProvider['lookUp'];

  constructor(private readonly settings: WipaySettings) {
    const url = settings.WIPAY_LOOKUP_URL;
    if (url) this.lookUp = (reference) => lookUpTransaction(url, settings, reference);
  }

  /** The form fields WiPay's request endpoint takes, in a stable order. */
  formFields(request: PaymentPageRequest): URLSearchParams {
    const s = this.settings;
    return new URLSearchParams([
      ['account_number', s.WIPAY_ACCOUNT_NUMBER],
      ['avs', '0'],
      ['country_code', s.WIPAY_COUNTRY_CODE],
      ['currency', s.WIPAY_CURRENCY],
      ['data', JSON.stringify({ reference: request.reference })],
      ['environment', s.WIPAY_ENVIRONMENT],
      ['fee_structure', s.WIPAY_FEE_STRUCTURE],
      ['method', s.WIPAY_METHOD],
      ['order_id', request.reference],
      ['origin', s.PAYMENT_SHOP_NAME],
      ['response_url', request.responseUrl],
      ['total', request.totalSent],
      ['email', request.customer.email],
      ['fname', request.customer.fname],
      ['lname', request.customer.lname],
      ['phone', request.customer.phone],
      ['addr1', request.customer.street],
      ['city', request.customer.city],
      ['country', s.WIPAY_COUNTRY_CODE],
    ]);
  }

  async requestPaymentPage(request: PaymentPageRequest): Promise<PaymentPage> {
    let res: Response;
    try {
      res = await fetch(this.settings.WIPAY_REQUEST_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: this.formFields(request).toString(),
        // A 3xx answer still carries the JSON with the page's url.
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new PaymentProviderUnavailableError();
    }
    const body = (await res.json().catch(() => null)) as { url?: unknown; transaction_id?: unknown } | null;
    // On 4xx/5xx WiPay's url is the shop's own response_url with error parameters: not a payment page.
    if (res.status >= 400 || typeof body?.url !== 'string' || !/^https?:\/\//.test(body.url)) throw new PaymentProviderUnavailableError();
    return { url: body.url, transactionId: typeof body.transaction_id === 'string' ? body.transaction_id : null };
  }
}
