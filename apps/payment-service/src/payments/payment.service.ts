import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CreatePaymentResponse,
  PAYMENT_NOT_VERIFIED,
  PAYMENT_REDIRECT_KEYS,
  validate,
  ValidationError,
  type VerifyPaymentResponse,
} from '@shop/contracts';
import { APP_CONFIG, type AppConfig, LOGGER } from '@shop/server-core';
import { queryRows } from '@shop/server-database';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { formatTotal, parseTotal, verifyWipayHash } from './payment-hash';

const Reference = z.string().regex(/^oid-[A-Za-z0-9]{12}$/, 'Payment reference is not valid');

const CreateSchema = z.object({
  orderId: z.uuid(),
  reference: Reference,
  totalCents: z.number().int().min(1),
  customer: z.object({ fname: z.string(), lname: z.string(), email: z.string(), phone: z.string(), city: z.string(), street: z.string() }),
  responseUrl: z.url().max(255, 'The response url is longer than WiPay allows'),
});

const VerifySchema = z.object({
  orderId: z.uuid(),
  totalCents: z.number().int().min(1),
  params: z.object(
    Object.fromEntries(PAYMENT_REDIRECT_KEYS.map((k) => [k, z.string().max(1000).optional()])) as Record<
      (typeof PAYMENT_REDIRECT_KEYS)[number],
      z.ZodOptional<z.ZodString>
    >,
  ),
});

interface RequestRow {
  reference: string;
  order_id: string;
  total_cents: string;
  total_sent: string;
  provider_transaction_id: string | null;
}

/** Thrown for anything that is not a real result for this order: 400 and nothing changes. */
class NotVerifiedError extends ValidationError {
  constructor() {
    super(PAYMENT_NOT_VERIFIED);
  }
}

/** Asks the provider for payment pages and verifies what comes back, with one code path for every provider. */
@Injectable()
export class PaymentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(raw: unknown): Promise<CreatePaymentResponse> {
    const req = validate(CreateSchema, raw);
    const totalSent = formatTotal(req.totalCents);
    await this.dataSource.query(
      `INSERT INTO payments.payment_requests (reference, order_id, provider, total_cents, total_sent) VALUES ($1, $2, $3, $4, $5)`,
      [req.reference, req.orderId, this.provider.name, req.totalCents, totalSent],
    );
    const page = await this.provider.requestPaymentPage({ reference: req.reference, totalSent, responseUrl: req.responseUrl, customer: req.customer });
    await this.dataSource.query('UPDATE payments.payment_requests SET provider_transaction_id = $2 WHERE reference = $1', [req.reference, page.transactionId]);
    return { url: page.url, reference: req.reference, transactionId: page.transactionId };
  }

  /**
   * A success needs the provider's hash over the total the shop sent, the charged total, and a reference
   * the shop sent for this order. A failure has no hash: it must carry the reference and transaction id
   * the provider gave for this order. Each transaction id is recorded once.
   */
  async verify(raw: unknown): Promise<VerifyPaymentResponse> {
    const { orderId, totalCents, params } = validate(VerifySchema, raw);
    const reference = params.order_id;
    const transactionId = params.transaction_id;
    if (!reference || !transactionId) throw new NotVerifiedError();
    const [request] = await this.dataSource.query<RequestRow[]>(
      'SELECT reference, order_id, total_cents, total_sent, provider_transaction_id FROM payments.payment_requests WHERE reference = $1 AND order_id = $2',
      [reference, orderId],
    );
    if (!request || Number(request.total_cents) !== totalCents) throw new NotVerifiedError();

    let outcome: 'paid' | 'failed';
    if (params.status === 'success') {
      if (!verifyWipayHash(params.hash, transactionId, request.total_sent, this.config.WIPAY_API_KEY)) throw new NotVerifiedError();
      const charged = parseTotal(params.total);
      // merchant_absorb charges the total asked; with customer_pay or split, fees are added on top.
      const chargedOk = this.config.WIPAY_FEE_STRUCTURE === 'merchant_absorb' ? charged === totalCents : charged !== null && charged >= totalCents;
      if (!chargedOk) throw new NotVerifiedError();
      outcome = 'paid';
    } else if (params.status === 'failed' || params.status === 'error') {
      // A hash only comes with a success: a result that has one and says otherwise was altered.
      if (params.hash !== undefined && params.hash !== '') throw new NotVerifiedError();
      if (!request.provider_transaction_id || request.provider_transaction_id !== transactionId) throw new NotVerifiedError();
      outcome = 'failed';
    } else {
      throw new NotVerifiedError();
    }

    const inserted = await queryRows<{ created_at: Date }>(
      this.dataSource,
      `INSERT INTO payments.transactions (transaction_id, reference, order_id, outcome, total, params)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (transaction_id) DO NOTHING RETURNING created_at`,
      [transactionId, reference, orderId, outcome, params.total ?? null, JSON.stringify(params)],
    );
    if (inserted.length > 0) {
      if (outcome === 'paid') await this.warnIfPaidTwice(orderId);
      return { outcome, transactionId, firstTime: true, paidAt: inserted[0].created_at.toISOString() };
    }

    const [seen] = await this.dataSource.query<Array<{ order_id: string; outcome: string; created_at: Date }>>(
      'SELECT order_id, outcome, created_at FROM payments.transactions WHERE transaction_id = $1',
      [transactionId],
    );
    if (!seen || seen.order_id !== orderId || seen.outcome !== outcome) throw new NotVerifiedError();
    return { outcome, transactionId, firstTime: false, paidAt: seen.created_at.toISOString() };
  }

  /** Two pages paid for one order (two tabs): both are recorded; the owner must refund one. */
  private async warnIfPaidTwice(orderId: string): Promise<void> {
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM payments.transactions WHERE order_id = $1 AND outcome = 'paid'`, [orderId]);
    if (n > 1) this.logger.warn({ orderId, payments: n }, 'an order was paid more than once; refund the extra payment');
  }
}
