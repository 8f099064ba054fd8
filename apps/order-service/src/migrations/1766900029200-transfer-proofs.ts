import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: the proofs of transfer a shopper uploads for a bank-transfer order. The file itself is in the gateway's
 * private storage under `storage_key` (never a public address); this keeps what it is and when it came, at most
 * five per order (checked under the order's row lock).
 */
export class TransferProofs1766900029200 implements MigrationInterface {
  name = 'TransferProofs1766900029200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders.order_transfer_proofs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders.orders (id) ON DELETE CASCADE,
        storage_key text NOT NULL UNIQUE CHECK (length(storage_key) <= 200),
        kind text NOT NULL CHECK (kind IN ('image', 'pdf')),
        content_type text NOT NULL CHECK (length(content_type) <= 100),
        size_bytes integer NOT NULL CHECK (size_bytes > 0),
        uploaded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_transfer_proofs_order_idx ON orders.order_transfer_proofs (order_id, uploaded_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE orders.order_transfer_proofs`);
  }
}
