import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders (money in integer cents, the lines as priced at reservation) and the outbox of order events,
 * written in the same transaction as the change they describe and published by the relay afterwards.
 */
export class CreateOrders1763900000000 implements MigrationInterface {
  name = 'CreateOrders1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders.orders (
        id uuid PRIMARY KEY,
        visitor_id text NOT NULL,
        fname text NOT NULL,
        lname text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        city text NOT NULL,
        street text NOT NULL,
        items jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array' AND jsonb_array_length(items) > 0),
        items_cents bigint NOT NULL CHECK (items_cents >= 0),
        delivery_cents bigint NOT NULL CHECK (delivery_cents >= 0),
        total_cents bigint NOT NULL CHECK (total_cents > 0 AND total_cents = items_cents + delivery_cents),
        payment_method text NOT NULL CHECK (payment_method IN ('card', 'in_person')),
        payment_state text NOT NULL CHECK (payment_state IN ('pending', 'paid', 'failed', 'expired', 'in_person')),
        payment_reference text UNIQUE,
        transaction_id text UNIQUE,
        is_paid boolean NOT NULL DEFAULT false,
        paid_at timestamptz,
        is_delivered boolean NOT NULL DEFAULT false,
        delivered_at timestamptz,
        delivery_status text NOT NULL CHECK (
          delivery_status IN ('Preparing Order', 'Preparing In Person Order', 'Out for Delivery', 'Delivered')
        ),
        is_in_person boolean NOT NULL,
        stock_state text NOT NULL DEFAULT 'reserved' CHECK (stock_state IN ('reserved', 'committed', 'released')),
        idempotency_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (is_delivered = (delivery_status = 'Delivered')),
        CHECK (is_delivered = (delivered_at IS NOT NULL)),
        CHECK (is_paid = (paid_at IS NOT NULL)),
        CHECK (is_in_person = (payment_method = 'in_person')),
        CHECK (payment_method = 'in_person' OR is_paid OR delivery_status = 'Preparing Order')
      )`);
    await q.query(`CREATE UNIQUE INDEX orders_idempotency_idx ON orders.orders (visitor_id, idempotency_key) WHERE idempotency_key IS NOT NULL`);
    await q.query(`CREATE INDEX orders_visitor_idx ON orders.orders (visitor_id, created_at DESC)`);
    await q.query(`CREATE INDEX orders_created_idx ON orders.orders (created_at DESC)`);
    await q.query(`CREATE INDEX orders_paid_at_idx ON orders.orders (paid_at) WHERE is_paid`);

    await q.query(`
      CREATE TABLE orders.outbox (
        id bigserial PRIMARY KEY,
        event text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_pending_idx ON orders.outbox (id) WHERE published_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE orders.outbox`);
    await q.query(`DROP TABLE orders.orders`);
  }
}
