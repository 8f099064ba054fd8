import { Injectable } from '@nestjs/common';
import type { ProductOption, StockWaitChannel } from '@shop/contracts';
import { queryRows, TransactionContext } from '@shop/server-database';

/** The variant a shopper asks to wait for, as the sign-up checks it. */
export interface WaitableVariant {
  id: string;
  countInStock: number;
  /** Its product has options: a sign-up must name the variant. */
  hasOptions: boolean;
}

/** A waiting shopper just marked told, with what their message names. */
export interface ToldWait {
  id: string;
  channel: StockWaitChannel;
  contact: string;
  variantId: string;
  valueIds: string[];
  productId: string;
  productName: string;
  /** Its product's options (jsonb the catalog itself writes, in the contracts' shape). */
  options: ProductOption[];
}

/**
 * Where a variant can be sold (and so waited for): alive, switched on, its product alive and shown in the shop. The
 * one condition of the sign-up and the batch, so a hidden or deleted product is never waited for nor told of.
 */
const ON_SALE = 'v.active AND v.deleted_at IS NULL AND p.deleted_at IS NULL AND p.visible';

/** `catalog.stock_waits` (issue 28): shoppers waiting for a variant, by variant id. All its SQL. */
@Injectable()
export class StockWaitsRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** The variant of the product, when it can be sold (a product without options: its id is the variant's). */
  async variantOf(productId: string, variantId: string): Promise<WaitableVariant | null> {
    const [row] = await this.tx.db().query(
      `SELECT v.id, v.count_in_stock, jsonb_array_length(p.options) > 0 AS has_options
         FROM catalog.product_variants v JOIN catalog.products p ON p.id = v.product_id
        WHERE v.id = $1 AND v.product_id = $2 AND ${ON_SALE}`,
      [variantId, productId],
    );
    return row ? { id: row.id, countInStock: Number(row.count_in_stock), hasOptions: row.has_options === true } : null;
  }

  /** Days a sign-up waits (Site Settings). */
  async waitDays(fallback: number): Promise<number> {
    const [row] = await this.tx.db().query('SELECT back_in_stock_days FROM catalog.site_settings WHERE singleton LIMIT 1');
    return row ? Number(row.back_in_stock_days) : fallback;
  }

  /**
   * Records the wait, or renews the consent and expiry of the contact's wait for the variant: one contact waits once
   * per variant (the partial unique index), and a repeat looks exactly like a first sign-up to the caller.
   */
  async upsert(variantId: string, channel: StockWaitChannel, contact: string, days: number): Promise<void> {
    await this.tx.db().query(
      `INSERT INTO catalog.stock_waits (variant_id, channel, contact, consent_at, expires_at)
       VALUES ($1, $2, $3, now(), now() + make_interval(days => $4))
       ON CONFLICT (variant_id, channel, contact) WHERE notified_at IS NULL
       DO UPDATE SET consent_at = EXCLUDED.consent_at, expires_at = EXCLUDED.expires_at`,
      [variantId, channel, contact, days],
    );
  }

  /** Drops sign-ups past their expiry (waiting or told); answers how many. */
  async pruneExpired(): Promise<number> {
    const rows = await queryRows(this.tx.db(), 'DELETE FROM catalog.stock_waits WHERE expires_at <= now() RETURNING id');
    return rows.length;
  }

  /** Waiting, unexpired sign-ups whose variant is in stock and on sale, oldest first. */
  async dueWaits(limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.tx.db().query(
      `SELECT w.id FROM catalog.stock_waits w
         JOIN catalog.product_variants v ON v.id = w.variant_id
         JOIN catalog.products p ON p.id = v.product_id
        WHERE w.notified_at IS NULL AND w.expires_at > now() AND v.count_in_stock > 0 AND ${ON_SALE}
        ORDER BY w.created_at, w.id
        LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Marks one waiting shopper told, only if the variant's stock is above 0 right now (read again by this very
   * statement) and the wait is still waiting and unexpired; stores the unsubscribe token's hash. Null when any of
   * that no longer holds (stock taken again, told by another replica, expired): then nothing is sent.
   */
  async markTold(waitId: string, unsubscribeHash: Buffer): Promise<ToldWait | null> {
    const [row] = await queryRows<{ id: string; channel: StockWaitChannel; contact: string; variant_id: string; value_ids: string[] | null; product_id: string; name: string; options: unknown }>(
      this.tx.db(),
      `UPDATE catalog.stock_waits w SET notified_at = now(), unsubscribe_hash = $2
         FROM catalog.product_variants v JOIN catalog.products p ON p.id = v.product_id
        WHERE w.id = $1 AND v.id = w.variant_id AND w.notified_at IS NULL AND w.expires_at > now()
          AND v.count_in_stock > 0 AND ${ON_SALE}
        RETURNING w.id, w.channel, w.contact, v.id AS variant_id, v.value_ids, p.id AS product_id, p.name, p.options`,
      [waitId, unsubscribeHash],
    );
    if (!row) return null;
    return { id: row.id, channel: row.channel, contact: row.contact, variantId: row.variant_id, valueIds: row.value_ids ?? [], productId: row.product_id, productName: row.name, options: row.options as ProductOption[] };
  }

  /**
   * The unsubscribe link: the told sign-up with this token's hash is marked unsubscribed, and every wait of the same
   * contact still waiting (any variant) is deleted. False when no sign-up has this token.
   */
  async unsubscribe(unsubscribeHash: Buffer): Promise<boolean> {
    const hit = await queryRows<{ channel: string; contact: string }>(
      this.tx.db(),
      `UPDATE catalog.stock_waits SET unsubscribed_at = COALESCE(unsubscribed_at, now()) WHERE unsubscribe_hash = $1 RETURNING channel, contact`,
      [unsubscribeHash],
    );
    const [contact] = hit;
    if (!contact) return false;
    await this.tx.db().query('DELETE FROM catalog.stock_waits WHERE channel = $1 AND contact = $2 AND notified_at IS NULL', [contact.channel, contact.contact]);
    return true;
  }

  /** Shoppers waiting (untold, unexpired) per variant, for the variants given; a variant nobody waits for is left out. */
  async waitingByVariant(variantIds: readonly string[]): Promise<Map<string, number>> {
    if (variantIds.length === 0) return new Map();
    const rows: Array<{ variant_id: string; waiting: number }> = await this.tx.db().query(
      `SELECT variant_id, count(*)::int AS waiting FROM catalog.stock_waits
        WHERE variant_id = ANY($1::uuid[]) AND notified_at IS NULL AND expires_at > now()
        GROUP BY variant_id`,
      [variantIds],
    );
    return new Map(rows.map((r) => [r.variant_id, Number(r.waiting)]));
  }
}
