import { randomInt } from 'node:crypto';
import type { AppConfig } from '@shop/server-core';
import type { DataSource } from 'typeorm';
import type { PaymentPage, PaymentPageRequest, PaymentProvider } from './payment-provider';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The public address of the sandbox's hosted page. */
export function sandboxBaseUrl(config: Pick<AppConfig, 'PAYMENT_SANDBOX_URL' | 'PAYMENT_SANDBOX_PORT'>): string {
  return (config.PAYMENT_SANDBOX_URL ?? `http://localhost:${config.PAYMENT_SANDBOX_PORT}`).replace(/\/$/, '');
}

/** A sandbox transaction id in WiPay's shape, e.g. `SB-aB3xQ9-1-oid-Abc123def456-20261122013000`. */
function sandboxTransactionId(reference: string): string {
  let tag = '';
  for (let i = 0; i < 6; i++) tag += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return `SB-${tag}-1-${reference}-${stamp}`;
}

/** The offline provider: a session the payment service's own hosted page lets the shopper approve or decline. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: Pick<AppConfig, 'PAYMENT_SANDBOX_URL' | 'PAYMENT_SANDBOX_PORT' | 'WIPAY_CURRENCY'>,
  ) {}

  async requestPaymentPage(request: PaymentPageRequest): Promise<PaymentPage> {
    const transactionId = sandboxTransactionId(request.reference);
    const c = request.customer;
    await this.dataSource.query(
      `INSERT INTO payments.sandbox_sessions (transaction_id, reference, total, currency, response_url, customer_name, customer_email, customer_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [transactionId, request.reference, request.totalSent, this.config.WIPAY_CURRENCY, request.responseUrl, `${c.fname} ${c.lname}`, c.email, `${c.street}, ${c.city}`],
    );
    return { url: `${sandboxBaseUrl(this.config)}/pay/${encodeURIComponent(transactionId)}`, transactionId };
  }
}
