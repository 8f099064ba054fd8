import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment requests (one per reference the shop sent a provider), the transactions seen in redirects
 * (each transaction id recorded once), and the sandbox provider's hosted-page sessions.
 */
export class CreatePayments1763900100000 implements MigrationInterface {
  name = 'CreatePayments1763900100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payments.payment_requests (
        reference text PRIMARY KEY CHECK (reference ~ '^oid-[A-Za-z0-9]{12}$'),
        order_id uuid NOT NULL,
        provider text NOT NULL,
        total_cents bigint NOT NULL CHECK (total_cents > 0),
        total_sent text NOT NULL,
        provider_transaction_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payment_requests_order_idx ON payments.payment_requests (order_id)`);
    await q.query(`
      CREATE TABLE payments.transactions (
        transaction_id text PRIMARY KEY,
        reference text NOT NULL REFERENCES payments.payment_requests(reference),
        order_id uuid NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('paid', 'failed')),
        total text,
        params jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX transactions_one_payment_per_order ON payments.transactions (order_id) WHERE outcome = 'paid'`);
    await q.query(`
      CREATE TABLE payments.sandbox_sessions (
        transaction_id text PRIMARY KEY,
        reference text NOT NULL,
        total text NOT NULL,
        currency text NOT NULL,
        response_url text NOT NULL,
        customer_name text NOT NULL,
        customer_email text NOT NULL,
        customer_address text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'approved', 'declined')),
        card text,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payments.sandbox_sessions`);
    await q.query(`DROP TABLE payments.transactions`);
    await q.query(`DROP TABLE payments.payment_requests`);
  }
}
