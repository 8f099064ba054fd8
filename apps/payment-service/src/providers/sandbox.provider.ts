import { randomInt } from 'node:crypto';
import type { PaymentConfig } from '@shop/server-config';
import type { SandboxSessionsRepository } from '../sandbox/sandbox-sessions.repository';
import type { PaymentPage, PaymentPageRequest, PaymentProvider } from './payment-provider';
import { type LookupSettings, lookUpTransaction } from './transaction-lookup';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The public address of the sandbox's hosted page. */
export function sandboxBaseUrl(config: Pick<PaymentConfig, 'PAYMENT_SANDBOX_URL' | 'PAYMENT_SANDBOX_PORT'>): string {
  return (config.PAYMENT_SANDBOX_URL ?? `http://localhost:${config.PAYMENT_SANDBOX_PORT}`).replace(/\/$/, '');
}

/** A sandbox transaction id in WiPay's shape, e.g. `SB-aB3xQ9-1-oid-Abc123def456-20261122013000`. */
function sandboxTransactionId(reference: string): string {
  let tag = '';
  for (let i = 0; i < 6; i++) tag += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return `SB-${tag}-1-${reference}-${stamp}`;
}

/** Where the sandbox answers WiPay's (assumed) status look-up by order reference. */
export const SANDBOX_LOOKUP_PATH = '/plugins/payments/transaction';

/** The offline provider: a session the payment service's own hosted page lets the shopper approve or decline. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  /**
   * The look-up over HTTP to the sandbox's own server (on this host: the public address may not route back here),
   * with the client live WiPay uses; off with PAYMENT_SANDBOX_LOOKUP=false.
   */
  readonly lookUp?: PaymentProvider['lookUp'];

  constructor(
    private readonly sessions: SandboxSessionsRepository,
    private readonly config: Pick<PaymentConfig, 'PAYMENT_SANDBOX_URL' | 'PAYMENT_SANDBOX_PORT' | 'WIPAY_CURRENCY' | 'PAYMENT_SANDBOX_LOOKUP'> & LookupSettings,
  ) {
    if (config.PAYMENT_SANDBOX_LOOKUP) this.lookUp = (reference) => lookUpTransaction(`http://127.0.0.1:${config.PAYMENT_SANDBOX_PORT}${SANDBOX_LOOKUP_PATH}`, config, reference);
  }

  async requestPaymentPage(request: PaymentPageRequest): Promise<PaymentPage> {
    const transactionId = sandboxTransactionId(request.reference);
    const c = request.customer;
    await this.sessions.insert({
      transactionId,
      reference: request.reference,
      total: request.totalSent,
      currency: this.config.WIPAY_CURRENCY,
      responseUrl: request.responseUrl,
      customerName: `${c.fname} ${c.lname}`,
      customerEmail: c.email,
      customerAddress: `${c.street}, ${c.city}`,
    });
    return { url: `${sandboxBaseUrl(this.config)}/pay/${encodeURIComponent(transactionId)}`, transactionId };
  }
}
