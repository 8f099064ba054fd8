import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';
import type { SandboxSession } from './sandbox-page';

/** All SQL of the sandbox provider's payment sessions. */
@Injectable()
export class SandboxSessionsRepository {
  constructor(private readonly tx: TransactionContext) {}

  async insert(s: {
    transactionId: string;
    reference: string;
    total: string;
    currency: string;
    responseUrl: string;
    customerName: string;
    customerEmail: string;
    customerAddress: string;
  }): Promise<void> {
    await this.tx.db().query(
      `INSERT INTO payments.sandbox_sessions (transaction_id, reference, total, currency, response_url, customer_name, customer_email, customer_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [s.transactionId, s.reference, s.total, s.currency, s.responseUrl, s.customerName, s.customerEmail, s.customerAddress],
    );
  }

  async find(transactionId: string): Promise<SandboxSession | null> {
    const [row] = await this.tx.db().query('SELECT * FROM payments.sandbox_sessions WHERE transaction_id = $1', [transactionId]);
    return (row as SandboxSession | undefined) ?? null;
  }

  /** The session of an order reference (one per reference: the shop asks a page once for each). */
  async findByReference(reference: string): Promise<SandboxSession | null> {
    const [row] = await this.tx.db().query('SELECT * FROM payments.sandbox_sessions WHERE reference = $1 ORDER BY created_at DESC LIMIT 1', [reference]);
    return (row as SandboxSession | undefined) ?? null;
  }

  /** Records the decision if the session is still open (the first decision wins); answers the session, or null. */
  async decide(transactionId: string, status: 'approved' | 'declined', card: string): Promise<SandboxSession | null> {
    const [row] = await queryRows<SandboxSession>(
      this.tx.db(),
      `UPDATE payments.sandbox_sessions SET status = $2, card = $3, decided_at = now() WHERE transaction_id = $1 AND status = 'open' RETURNING *`,
      [transactionId, status, card],
    );
    return row ?? null;
  }
}
