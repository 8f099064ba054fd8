import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';

/** A payment page the shop asked a provider for. */
export interface RequestRow {
  reference: string;
  order_id: string;
  total_cents: string;
  total_sent: string;
  provider_transaction_id: string | null;
}

/** All SQL of the payment requests and the recorded transactions. */
@Injectable()
export class PaymentsRepository {
  constructor(private readonly tx: TransactionContext) {}

  async insertRequest(r: { reference: string; orderId: string; provider: string; totalCents: number; totalSent: string }): Promise<void> {
    await this.tx.db().query(
      `INSERT INTO payments.payment_requests (reference, order_id, provider, total_cents, total_sent) VALUES ($1, $2, $3, $4, $5)`,
      [r.reference, r.orderId, r.provider, r.totalCents, r.totalSent],
    );
  }

  async setProviderTransaction(reference: string, transactionId: string | null): Promise<void> {
    await this.tx.db().query('UPDATE payments.payment_requests SET provider_transaction_id = $2 WHERE reference = $1', [reference, transactionId]);
  }

  /** The request with this reference, only when it was made for this order. */
  async findRequest(reference: string, orderId: string): Promise<RequestRow | undefined> {
    const [request] = await this.tx.db().query<RequestRow[]>(
      'SELECT reference, order_id, total_cents, total_sent, provider_transaction_id FROM payments.payment_requests WHERE reference = $1 AND order_id = $2',
      [reference, orderId],
    );
    return request;
  }

  /** The references the shop sent a provider for the order, newest first. */
  async referencesOf(orderId: string): Promise<string[]> {
    const rows: Array<{ reference: string }> = await this.tx.db().query(
      'SELECT reference FROM payments.payment_requests WHERE order_id = $1 ORDER BY created_at DESC, reference',
      [orderId],
    );
    return rows.map((r) => r.reference);
  }

  /** Records a provider's result once per transaction id; answers its time, or null when it was already recorded. */
  async insertTransaction(t: {
    transactionId: string;
    reference: string;
    orderId: string;
    outcome: 'paid' | 'failed';
    total: string | null;
    params: Record<string, unknown>;
  }): Promise<{ created_at: Date } | null> {
    const inserted = await queryRows<{ created_at: Date }>(
      this.tx.db(),
      `INSERT INTO payments.transactions (transaction_id, reference, order_id, outcome, total, params)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (transaction_id) DO NOTHING RETURNING created_at`,
      [t.transactionId, t.reference, t.orderId, t.outcome, t.total, JSON.stringify(t.params)],
    );
    return inserted[0] ?? null;
  }

  async findTransaction(transactionId: string): Promise<{ order_id: string; outcome: string; created_at: Date } | undefined> {
    const [seen] = await this.tx.db().query<Array<{ order_id: string; outcome: string; created_at: Date }>>(
      'SELECT order_id, outcome, created_at FROM payments.transactions WHERE transaction_id = $1',
      [transactionId],
    );
    return seen;
  }

  async countPaid(orderId: string): Promise<number> {
    const [{ n }] = await this.tx.db().query(`SELECT count(*)::int AS n FROM payments.transactions WHERE order_id = $1 AND outcome = 'paid'`, [orderId]);
    return n;
  }
}
