import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  type CreatePaymentResponse,
  type LookupPaymentResponse,
  RECORD_CARD_PAYMENT_USED,
  PAYMENT_NOT_VERIFIED,
  type Pattern,
  type PatternRequest,
  ValidationError,
  type VerifyPaymentResponse,
} from '@shop/contracts';
import { APP_CONFIG, type PaymentConfig } from '@shop/server-config';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { formatTotal, parseTotal, verifyWipayHash } from './payment-hash';
import { formatTTD } from '@shop/money';
import { PaymentsRepository } from './payments.repository';

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
    private readonly payments: PaymentsRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: PaymentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(req: PatternRequest<typeof Pattern.PaymentsCreate>): Promise<CreatePaymentResponse> {
    const totalSent = formatTotal(req.totalCents);
    await this.payments.insertRequest({ reference: req.reference, orderId: req.orderId, provider: this.provider.name, totalCents: req.totalCents, totalSent });
    const page = await this.provider.requestPaymentPage({ reference: req.reference, totalSent, responseUrl: req.responseUrl, customer: req.customer });
    await this.payments.setProviderTransaction(req.reference, page.transactionId);
    return { url: page.url, reference: req.reference, transactionId: page.transactionId };
  }

  /**
   * A success needs the provider's hash over the total the shop sent, the charged total, and a reference
   * the shop sent for this order. A failure has no hash: it must carry the reference and transaction id
   * the provider gave for this order. Each transaction id is recorded once.
   */
  async verify({ orderId, totalCents, params }: PatternRequest<typeof Pattern.PaymentsVerify>): Promise<VerifyPaymentResponse> {
    const reference = params.order_id;
    const transactionId = params.transaction_id;
    if (!reference || !transactionId) throw new NotVerifiedError();
    const request = await this.payments.findRequest(reference, orderId);
    if (!request || Number(request.total_cents) !== totalCents) throw new NotVerifiedError();

    let outcome: 'paid' | 'failed';
    if (params.status === 'success') {
      if (!verifyWipayHash(params.hash, transactionId, request.total_sent, this.config.WIPAY_API_KEY)) throw new NotVerifiedError();
      if (!this.chargedOk(parseTotal(params.total), totalCents)) throw new NotVerifiedError();
      outcome = 'paid';
    } else if (params.status === 'failed' || params.status === 'error') {
      // A hash only comes with a success: a result that has one and says otherwise was altered.
      if (params.hash !== undefined && params.hash !== '') throw new NotVerifiedError();
      if (!request.provider_transaction_id || request.provider_transaction_id !== transactionId) throw new NotVerifiedError();
      outcome = 'failed';
    } else {
      throw new NotVerifiedError();
    }

    const inserted = await this.payments.insertTransaction({ transactionId, reference, orderId, outcome, total: params.total ?? null, params });
    if (inserted) {
      if (outcome === 'paid') await this.warnIfPaidTwice(orderId);
      return { outcome, transactionId, firstTime: true, paidAt: inserted.created_at.toISOString() };
    }

    const seen = await this.payments.findTransaction(transactionId);
    if (!seen || seen.order_id !== orderId || seen.outcome !== outcome) throw new NotVerifiedError();
    return { outcome, transactionId, firstTime: false, paidAt: seen.created_at.toISOString() };
  }

  /** merchant_absorb charges the total asked; with customer_pay or split, fees are added on top. */
  private chargedOk(charged: number | null, totalCents: number): boolean {
    return this.config.WIPAY_FEE_STRUCTURE === 'merchant_absorb' ? charged === totalCents : charged !== null && charged >= totalCents;
  }

  /**
   * Issue 29, the second path to the verified step: asks the provider about every reference the shop sent for the
   * order, newest first; a success is verified exactly as its redirect would be (and recorded once, so the redirect
   * arriving later is a replay). An answer that does not verify is logged and counts as nothing found.
   */
  async lookUp({ orderId, totalCents }: PatternRequest<typeof Pattern.PaymentsLookup>): Promise<LookupPaymentResponse> {
    if (!this.provider.lookUp) return { available: false, paid: null };
    for (const reference of await this.payments.referencesOf(orderId)) {
      const params = await this.provider.lookUp(reference);
      if (params?.status !== 'success' || params.order_id !== reference) continue;
      try {
        return { available: true, paid: { ...(await this.verify({ orderId, totalCents, params })), reference } };
      } catch (err) {
        if (!(err instanceof NotVerifiedError)) throw err;
        this.logger.warn({ orderId, reference }, 'the provider answered a look-up with a success that does not verify');
      }
    }
    return { available: true, paid: null };
  }

  /**
   * The owner's record of a payment WiPay's dashboard shows (issue 29), with a redirect's checks: the amount is the
   * one WiPay charges for the order's total, and a transaction id is recorded once (409 when used before).
   */
  async record({ orderId, totalCents, transactionId, amountCents, date }: PatternRequest<typeof Pattern.PaymentsRecord>): Promise<VerifyPaymentResponse> {
    if (!this.chargedOk(amountCents, totalCents)) {
      throw new ValidationError(`The amount does not match this order: WiPay charges ${formatTTD(totalCents / 100)} for it`);
    }
    const [reference] = await this.payments.referencesOf(orderId);
    if (!reference) throw new ConflictError('No card payment was started for this order: there is nothing from WiPay to record');
    const inserted = await this.payments.insertTransaction({
      transactionId,
      reference,
      orderId,
      outcome: 'paid',
      total: formatTotal(amountCents),
      params: { source: 'owner', date, total: formatTotal(amountCents) },
    });
    if (!inserted) throw new ConflictError(RECORD_CARD_PAYMENT_USED);
    await this.warnIfPaidTwice(orderId);
    return { outcome: 'paid', transactionId, firstTime: true, paidAt: inserted.created_at.toISOString() };
  }

  /** Two pages paid for one order (two tabs): both are recorded; the owner must refund one. */
  private async warnIfPaidTwice(orderId: string): Promise<void> {
    const n = await this.payments.countPaid(orderId);
    if (n > 1) this.logger.warn({ orderId, payments: n }, 'an order was paid more than once; refund the extra payment');
  }
}
