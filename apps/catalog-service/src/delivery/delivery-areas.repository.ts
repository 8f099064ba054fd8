import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';

/** A delivery area with its cost in force: the default area's is the settings' delivery cost. */
export interface DeliveryAreaRow {
  id: string;
  name: string;
  /** Null only for the default area before the settings record exists. */
  cost_cents: number | null;
  estimated_days: string;
  active: boolean;
  is_default: boolean;
  /** What the area cost before its last change (kept by the database); null when it never changed. */
  previous_cost_cents: number | null;
}

// The default area's cost is stored once, as the settings' delivery cost: every read of an area's cost is this one.
const SELECT_AREAS = `
  SELECT a.id, a.name, coalesce(a.cost_cents, s.delivery_cost_cents) AS cost_cents, a.estimated_days, a.active, a.is_default,
         CASE WHEN a.is_default THEN s.previous_delivery_cost_cents ELSE a.previous_cost_cents END AS previous_cost_cents
    FROM catalog.delivery_areas a LEFT JOIN catalog.site_settings s ON s.singleton`;

/** All SQL of delivery areas; queries join the current transaction. */
@Injectable()
export class DeliveryAreasRepository {
  constructor(private readonly tx: TransactionContext) {}

  async list(all: boolean): Promise<DeliveryAreaRow[]> {
    return this.tx.db().query(`${SELECT_AREAS} ${all ? '' : 'WHERE a.active'} ORDER BY a.position, a.name`);
  }

  /** An active area by id, or the default area when `id` is undefined. A malformed id finds nothing. */
  async priced(id: string | undefined): Promise<DeliveryAreaRow | undefined> {
    const [row] = await this.tx.db().query(
      id === undefined ? `${SELECT_AREAS} WHERE a.is_default` : `${SELECT_AREAS} WHERE a.id::text = $1 AND a.active`,
      id === undefined ? [] : [id],
    );
    return row;
  }

  async find(id: string): Promise<DeliveryAreaRow | undefined> {
    const [row] = await this.tx.db().query(`${SELECT_AREAS} WHERE a.id::text = $1`, [id]);
    return row;
  }

  /** Locks the area row for an update; answers whether it is the default. */
  async lock(id: string): Promise<{ is_default: boolean } | undefined> {
    const [row] = await this.tx.db().query(`SELECT is_default FROM catalog.delivery_areas WHERE id::text = $1 FOR UPDATE`, [id]);
    return row;
  }

  async nameTaken(name: string, exceptId: string | null): Promise<boolean> {
    const rows = await this.tx.db().query(`SELECT 1 FROM catalog.delivery_areas WHERE lower(name) = lower($1) AND ($2::text IS NULL OR id::text <> $2)`, [name, exceptId]);
    return rows.length > 0;
  }

  async insert(area: { name: string; costCents: number; estimatedDays: string; active: boolean }): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      this.tx.db(),
      `INSERT INTO catalog.delivery_areas (name, cost_cents, estimated_days, active, position)
       SELECT $1, $2, $3, $4, coalesce(max(position), 0) + 1 FROM catalog.delivery_areas
       RETURNING id`,
      [area.name, area.costCents, area.estimatedDays, area.active],
    );
    return row.id;
  }

  /** Updates an area; the default area's cost is not its own (see `setDefaultCost`). */
  async update(id: string, area: { name: string; costCents: number; estimatedDays: string; active: boolean }, isDefault: boolean): Promise<void> {
    await this.tx.db().query(
      `UPDATE catalog.delivery_areas SET name = $2, cost_cents = CASE WHEN is_default THEN NULL ELSE $3::int END, estimated_days = $4,
              active = $5::boolean OR $6::boolean, updated_at = now()
        WHERE id::text = $1`,
      [id, area.name, area.costCents, area.estimatedDays, area.active, isDefault],
    );
  }

  /** The default area's cost is the shop's delivery cost (`paymentSettings.deliveryCost`). */
  async setDefaultCost(costCents: number): Promise<void> {
    await this.tx.db().query(`UPDATE catalog.site_settings SET delivery_cost_cents = $1, updated_at = now() WHERE singleton`, [costCents]);
  }
}
