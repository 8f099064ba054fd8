import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders keep the delivery area they were placed with (name and days; the cost is `delivery_cents`) and the
 * discount code they used with its saving. Discount codes and their uses are order data: a use is taken in the
 * transaction that writes the order (a conditional update of `used`, so a code is never used more than its
 * total) and given back when the order expires, fails or is cancelled.
 */
export class DeliveryAreasAndDiscounts1766170000000 implements MigrationInterface {
  name = 'DeliveryAreasAndDiscounts1766170000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders.discount_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_-]{3,30}$'),
        kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
        -- A percent (1 to 100) for 'percent', cents for 'fixed'.
        value integer NOT NULL CHECK (value > 0 AND (kind <> 'percent' OR value <= 100)),
        min_order_cents bigint NOT NULL DEFAULT 0 CHECK (min_order_cents >= 0),
        starts_at timestamptz,
        ends_at timestamptz,
        total_uses integer CHECK (total_uses > 0),
        uses_per_customer integer CHECK (uses_per_customer > 0),
        applies_to_delivery boolean NOT NULL DEFAULT false,
        active boolean NOT NULL DEFAULT true,
        on_banner boolean NOT NULL DEFAULT false,
        used integer NOT NULL DEFAULT 0 CHECK (used >= 0 AND (total_uses IS NULL OR used <= total_uses)),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
      )`);
    await q.query(`CREATE UNIQUE INDEX discount_codes_one_banner ON orders.discount_codes (on_banner) WHERE on_banner`);
    await q.query(`
      CREATE TABLE orders.discount_redemptions (
        order_id uuid PRIMARY KEY,
        code_id uuid NOT NULL REFERENCES orders.discount_codes (id),
        email text NOT NULL,
        amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
        status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'released')),
        created_at timestamptz NOT NULL DEFAULT now(),
        released_at timestamptz,
        CHECK ((status = 'released') = (released_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX discount_redemptions_email_idx ON orders.discount_redemptions (code_id, email) WHERE status = 'held'`);

    await q.query(`
      ALTER TABLE orders.orders
        ADD COLUMN delivery_area_name text,
        ADD COLUMN delivery_area_days text,
        ADD COLUMN discount_code text,
        ADD COLUMN discount_cents bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
        ADD CONSTRAINT orders_discount_with_code CHECK (discount_code IS NOT NULL OR discount_cents = 0),
        ADD CONSTRAINT orders_discount_at_most_price CHECK (discount_cents <= items_cents + delivery_cents)`);
    // The total is the items less the saving plus the delivery; it stays above zero.
    // The first migration's check has a generated name: found by what it says.
    const [old] = await q.query(`
      SELECT conname FROM pg_constraint
       WHERE conrelid = 'orders.orders'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%(items_cents + delivery_cents)%'`);
    if (old) await q.query(`ALTER TABLE orders.orders DROP CONSTRAINT "${String(old.conname).replace(/"/g, '')}"`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_total_check CHECK (total_cents > 0 AND total_cents = items_cents - discount_cents + delivery_cents)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.orders DROP CONSTRAINT orders_total_check`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_total_cents_check CHECK (total_cents > 0 AND total_cents = items_cents + delivery_cents)`);
    await q.query(
      `ALTER TABLE orders.orders DROP COLUMN discount_cents, DROP COLUMN discount_code, DROP COLUMN delivery_area_days, DROP COLUMN delivery_area_name`,
    );
    await q.query(`DROP TABLE orders.discount_redemptions`);
    await q.query(`DROP TABLE orders.discount_codes`);
  }
}
