import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';

/** A row of orders.discount_codes. */
export interface DiscountCodeRow {
  id: string;
  code: string;
  kind: 'percent' | 'fixed';
  /** A percent, or cents for 'fixed'. */
  value: number;
  min_order_cents: string | number;
  starts_at: Date | null;
  ends_at: Date | null;
  total_uses: number | null;
  uses_per_customer: number | null;
  applies_to_delivery: boolean;
  active: boolean;
  on_banner: boolean;
  used: number;
  archived_at: Date | null;
  created_at: Date;
}

export interface RedemptionRow {
  order_id: string;
  order_number: string | number | null;
  email: string;
  amount_cents: string | number;
  status: 'held' | 'released';
  created_at: Date;
  released_at: Date | null;
}

/** A code's columns as the owner saves them. */
export interface DiscountCodeColumns {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  minOrderCents: number;
  startsAt: string | null;
  endsAt: string | null;
  totalUses: number | null;
  usesPerCustomer: number | null;
  appliesToDelivery: boolean;
  active: boolean;
  onBanner: boolean;
}

/** Can the code be used at this moment (active, not archived, started, not ended)? The same rule as `unusableReason`. */
const USABLE_NOW = `active AND archived_at IS NULL AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())`;

/** All SQL of discount codes and their uses; queries join the current transaction. */
@Injectable()
export class DiscountsRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** The current codes, or the archived ones; with `search`, only those whose code contains it (codes are upper case). */
  async list(archived: boolean, search: string | undefined): Promise<DiscountCodeRow[]> {
    return this.tx.db().query(
      `SELECT * FROM orders.discount_codes
        WHERE (archived_at IS NOT NULL) = $1 AND ($2::text IS NULL OR strpos(code, $2) > 0)
        ORDER BY created_at DESC, code`,
      [archived, search ?? null],
    );
  }

  /** Archives a code (off the banner too) or restores it; an archived code keeps its first archive time. */
  async setArchived(id: string, archived: boolean): Promise<DiscountCodeRow | undefined> {
    const [row] = await queryRows<DiscountCodeRow>(
      this.tx.db(),
      `UPDATE orders.discount_codes
          SET archived_at = CASE WHEN $2 THEN coalesce(archived_at, now()) ELSE NULL END,
              on_banner = on_banner AND NOT $2, updated_at = now()
        WHERE id::text = $1 RETURNING *`,
      [id, archived],
    );
    return row;
  }

  async find(id: string): Promise<DiscountCodeRow | undefined> {
    const [row] = await this.tx.db().query(`SELECT * FROM orders.discount_codes WHERE id::text = $1`, [id]);
    return row;
  }

  async byCode(code: string): Promise<DiscountCodeRow | undefined> {
    const [row] = await this.tx.db().query(`SELECT * FROM orders.discount_codes WHERE code = $1`, [code]);
    return row;
  }

  /** The code the home banner names, when it can be used now and has uses left. */
  async banner(): Promise<DiscountCodeRow | undefined> {
    const [row] = await this.tx.db().query(
      `SELECT * FROM orders.discount_codes WHERE on_banner AND ${USABLE_NOW} AND (total_uses IS NULL OR used < total_uses)`,
    );
    return row;
  }

  async redemptions(codeId: string): Promise<RedemptionRow[]> {
    return this.tx.db().query(
      `SELECT r.order_id, o.order_number, r.email, r.amount_cents, r.status, r.created_at, r.released_at
         FROM orders.discount_redemptions r LEFT JOIN orders.orders o ON o.id = r.order_id
        WHERE r.code_id = $1 ORDER BY r.created_at DESC LIMIT 500`,
      [codeId],
    );
  }

  /** Held uses of the code by this email (lower-cased). */
  async heldBy(codeId: string, email: string): Promise<number> {
    const [{ n }] = await this.tx.db().query(
      `SELECT count(*)::int AS n FROM orders.discount_redemptions WHERE code_id = $1 AND email = $2 AND status = 'held'`,
      [codeId, email],
    );
    return n;
  }

  /**
   * Takes one use of the code if it can be used now and has a use left: one conditional update, whose row lock
   * queues concurrent checkouts of the same code until this transaction ends. Answers the code row, or undefined.
   */
  async takeUse(codeId: string): Promise<DiscountCodeRow | undefined> {
    const [row] = await queryRows<DiscountCodeRow>(
      this.tx.db(),
      `UPDATE orders.discount_codes SET used = used + 1
        WHERE id = $1 AND ${USABLE_NOW} AND (total_uses IS NULL OR used < total_uses)
        RETURNING *`,
      [codeId],
    );
    return row;
  }

  async insertRedemption(orderId: string, codeId: string, email: string, amountCents: number): Promise<void> {
    await this.tx.db().query(`INSERT INTO orders.discount_redemptions (order_id, code_id, email, amount_cents) VALUES ($1, $2, $3, $4)`, [
      orderId,
      codeId,
      email,
      amountCents,
    ]);
  }

  /** Gives the order's use back (once: a released use is not released again). Answers whether there was one. */
  async release(orderId: string): Promise<boolean> {
    const rows = await queryRows<{ code_id: string }>(
      this.tx.db(),
      `WITH released AS (
         UPDATE orders.discount_redemptions SET status = 'released', released_at = now()
          WHERE order_id = $1 AND status = 'held' RETURNING code_id
       )
       UPDATE orders.discount_codes c SET used = c.used - 1 FROM released r WHERE c.id = r.code_id RETURNING c.id AS code_id`,
      [orderId],
    );
    return rows.length > 0;
  }

  async codeTaken(code: string, exceptId: string | null): Promise<boolean> {
    const rows = await this.tx.db().query(`SELECT 1 FROM orders.discount_codes WHERE code = $1 AND ($2::text IS NULL OR id::text <> $2)`, [code, exceptId]);
    return rows.length > 0;
  }

  /** Only one code is on the banner: naming another takes it off the one before. */
  async clearBanner(exceptId: string | null): Promise<void> {
    await this.tx.db().query(`UPDATE orders.discount_codes SET on_banner = false, updated_at = now() WHERE on_banner AND ($1::text IS NULL OR id::text <> $1)`, [
      exceptId,
    ]);
  }

  async insert(c: DiscountCodeColumns): Promise<DiscountCodeRow> {
    const [row] = await queryRows<DiscountCodeRow>(
      this.tx.db(),
      `INSERT INTO orders.discount_codes (code, kind, value, min_order_cents, starts_at, ends_at, total_uses, uses_per_customer, applies_to_delivery, active, on_banner)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [c.code, c.kind, c.value, c.minOrderCents, c.startsAt, c.endsAt, c.totalUses, c.usesPerCustomer, c.appliesToDelivery, c.active, c.onBanner],
    );
    return row;
  }

  /**
   * Replaces a code's terms; refused (undefined) when the new total of uses is below the uses held now (the row
   * is locked by the update, so no checkout can take a use in between).
   */
  async update(id: string, c: DiscountCodeColumns): Promise<DiscountCodeRow | undefined> {
    const [row] = await queryRows<DiscountCodeRow>(
      this.tx.db(),
      `UPDATE orders.discount_codes SET code = $2, kind = $3, value = $4, min_order_cents = $5, starts_at = $6, ends_at = $7, total_uses = $8,
              uses_per_customer = $9, applies_to_delivery = $10, active = $11, on_banner = $12, updated_at = now()
        WHERE id::text = $1 AND ($8::int IS NULL OR used <= $8::int) RETURNING *`,
      [id, c.code, c.kind, c.value, c.minOrderCents, c.startsAt, c.endsAt, c.totalUses, c.usesPerCustomer, c.appliesToDelivery, c.active, c.onBanner],
    );
    return row;
  }
}
