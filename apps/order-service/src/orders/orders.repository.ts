import { Injectable } from '@nestjs/common';
import { type OrderAction, type OrderActor, OrderIdSchema, type OrderSort, type OrderState, OrderTab, parseOrderNumber, type Pattern, type PatternRequest } from '@shop/contracts';
import { queryRows, TransactionContext } from '@shop/server-database';
import type { PayOnDelivery } from '@shop/rules';
import { ARCHIVABLE_STATES, AWAITING_PAYMENT_STATES, BADGE_STATES, OPEN_HOLD_STATES, type OrderPatch, STOCK_TARGETS, TAB_STATES } from './lifecycle/order-lifecycle';
import type { OrderRow, StockState, StoredLine, TimelineRow } from './order-row';

export interface NewOrder {
  id: string;
  visitorId: string;
  customer: { fname: string; lname: string; email: string; phone: string; city: string; street: string; note: string };
  items: StoredLine[];
  itemsCents: number;
  deliveryCents: number;
  inPerson: boolean;
  /** Issue 29: a bank-transfer order's accounts and the shop's WhatsApp number (null: card or in person). */
  bankTransfer: { accounts: unknown[]; whatsapp: string } | null;
  /** A pay-on-delivery order's cash or Linx. */
  payOnDelivery: PayOnDelivery | null;
  idempotencyKey: string | null;
  /** The delivery area's name and days as the catalog priced it (null when the shop has no areas). */
  deliveryArea: { name: string; estimatedDays: string } | null;
  /** The code used and its saving in cents. */
  discount: { code: string; cents: number } | null;
  /** An in-person order's hold, in seconds from now (null: card orders, whose reservation the expiry job ends). */
  holdSeconds: number | null;
  /** The client's address as the gateway saw it. */
  clientIp: string | null;
  /** Why the order looks unusual (shown to the owner). */
  flags: string[];
  /** The town typed is not among the chosen delivery area's towns: the owner checks with the customer. */
  townOutsideArea: boolean;
}

/** Who placed an order, for the per-client limits and flags: each is counted on its own. */
export interface OrderClient {
  visitorId: string;
  email: string;
  ip: string | null;
}

/** What one client holds in open orders: how many, and how many units. */
export interface ClientHolds {
  orders: number;
  units: number;
}

/** A state list as SQL; the states are the lifecycle's own constants, never user input. */
function inStates(states: readonly OrderState[]): string {
  return states.length === 0 ? 'false' : `state IN (${states.map((s) => `'${s}'`).join(', ')})`;
}

/** Where each admin tab's orders are: the lifecycle's tab states (product-rules section 5). */
export const TAB_WHERE: Record<OrderTab, string> = Object.fromEntries(
  Object.values(OrderTab).map((tab) => {
    const states = TAB_STATES[tab];
    return [tab, states ? inStates(states) : 'true'];
  }),
) as Record<OrderTab, string>;

/** Orders waiting for the owner (the lifecycle's badge states). */
export const BADGE_WHERE = inStates(BADGE_STATES);

/** Orders holding stock nobody paid for or confirmed yet: card orders awaiting payment, unconfirmed in-person orders. */
const OPEN_HOLD_WHERE = `(${inStates(OPEN_HOLD_STATES)} AND (NOT is_in_person OR hold_until IS NOT NULL))`;
/** The units of an order's lines. */
const UNITS = `(SELECT coalesce(sum((l->>'qty')::int), 0) FROM jsonb_array_elements(items) l)`;

/** The ORDER BY of each sortable column of the admin's table; the id last, so pages never overlap. */
const SORT_COLUMNS: Record<OrderSort, string> = {
  date: 'created_at',
  number: 'order_number',
  customer: "lower(fname || ' ' || lname)",
  area: "coalesce(delivery_area_name, '')",
  total: 'total_cents',
};

/** A move the lifecycle decided, with what the payment provider told (for a payment's move). */
export interface OrderMove {
  action: OrderAction;
  from: OrderState;
  to: OrderState;
  patch: OrderPatch;
  actor: OrderActor;
  note?: string | null;
  reference?: string;
  transactionId?: string;
  /** Issue 29: the owner's record of a bank transfer, and the flag when its amount is not the total. */
  transfer?: TransferRecord;
}

export interface TransferRecord {
  amountCents: number;
  date: string;
  reference: string;
  flag: string | null;
}

/** All SQL of the orders table. Queries join the caller's transaction (`TransactionContext.run`) when there is one. */
@Injectable()
export class OrdersRepository {
  constructor(private readonly tx: TransactionContext) {}

  async find(id: string): Promise<OrderRow | null> {
    const [row] = await this.tx.db().query('SELECT * FROM orders.orders WHERE id = $1', [id]);
    return (row as OrderRow | undefined) ?? null;
  }

  /**
   * Serialises writing an order and settling its reservation until the transaction ends: whichever comes first
   * wins, the order (its reservation is kept) or the abandonment (no order is ever written under the id).
   */
  async lockId(id: string): Promise<void> {
    await this.tx.db().query('SELECT pg_advisory_xact_lock(hashtext($1))', [`order:${id}`]);
  }

  async isAbandoned(id: string): Promise<boolean> {
    const rows: unknown[] = await this.tx.db().query('SELECT 1 FROM orders.abandoned_orders WHERE id = $1', [id]);
    return rows.length > 0;
  }

  async abandon(id: string): Promise<void> {
    await this.tx.db().query('INSERT INTO orders.abandoned_orders (id) VALUES ($1) ON CONFLICT DO NOTHING', [id]);
  }

  /** Whether an order is stored under the id (a reservation key that is not an order id never is). */
  async exists(id: string): Promise<boolean> {
    if (!OrderIdSchema.safeParse(id).success) return false;
    const rows: unknown[] = await this.tx.db().query('SELECT 1 FROM orders.orders WHERE id = $1', [id]);
    return rows.length > 0;
  }

  /** Abandoned ids are kept a month (the catalog refuses to reserve under a released id on its own). */
  async dropOldAbandoned(): Promise<void> {
    await this.tx.db().query(`DELETE FROM orders.abandoned_orders WHERE abandoned_at < now() - interval '30 days'`);
  }

  /** The order, locked until the transaction ends: a move reads the state it changes. */
  async lock(id: string): Promise<OrderRow | null> {
    const [row] = await this.tx.db().query('SELECT * FROM orders.orders WHERE id = $1 FOR UPDATE', [id]);
    return (row as OrderRow | undefined) ?? null;
  }

  /**
   * Carries out a move the lifecycle decided: the columns it sets; the state is computed from them by
   * Postgres. Delivered-ness and payment time follow the delivery status and the recorded payment, as the
   * table's checks require. A state that is not the one decided throws, rolling the move back.
   */
  async move(id: string, m: OrderMove): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(
      this.tx.db(),
      `UPDATE orders.orders SET
              payment_state = coalesce($3, payment_state),
              delivery_status = coalesce($4, delivery_status),
              is_delivered = coalesce($4, delivery_status) = 'Delivered',
              delivered_at = CASE WHEN coalesce($4, delivery_status) = 'Delivered' THEN coalesce(delivered_at, now()) ELSE NULL END,
              is_paid = is_paid OR $5, paid_at = CASE WHEN $5 THEN coalesce(paid_at, now()) ELSE paid_at END,
              cancelled_at = CASE WHEN $8 THEN coalesce(cancelled_at, now()) ELSE cancelled_at END,
              refunded_at = CASE WHEN $9 THEN coalesce(refunded_at, now()) ELSE refunded_at END,
              payment_reference = coalesce($6, payment_reference), transaction_id = coalesce($7, transaction_id),
              hold_until = CASE WHEN $10 THEN NULL ELSE hold_until END, stock_short = coalesce($11, stock_short),
              archived_at = CASE WHEN $12 THEN archived_at ELSE NULL END,
              transfer_reminded_at = CASE WHEN $13 THEN coalesce(transfer_reminded_at, now()) ELSE transfer_reminded_at END,
              transfer_amount_cents = coalesce($14, transfer_amount_cents), transfer_date = coalesce($15::date, transfer_date),
              transfer_reference = coalesce($16, transfer_reference),
              flags = CASE WHEN $17::text IS NULL THEN flags ELSE array_append(flags, $17::text) END, updated_at = now()
        WHERE id = $1 AND state = $2 RETURNING *`,
      [
        id,
        m.from,
        m.patch.payment ?? null,
        m.patch.deliveryStatus ?? null,
        m.patch.recordPayment === true,
        m.reference ?? null,
        m.transactionId ?? null,
        m.patch.cancel === true,
        m.patch.refund === true,
        m.patch.confirm === true,
        m.patch.stockShort ?? null,
        // An archived order that needs the owner again (a payment after its cancel: refund due) comes back to the lists.
        ARCHIVABLE_STATES.includes(m.to),
        m.patch.remind === true,
        m.transfer?.amountCents ?? null,
        m.transfer?.date ?? null,
        m.transfer?.reference ?? null,
        m.transfer?.flag ?? null,
      ],
    );
    // The state is computed from the columns (a generated column): it must be the one the lifecycle decided.
    if (row && row.state !== m.to) throw new Error(`Order ${id}: the move '${m.action}' led to '${row.state}', the lifecycle said '${m.to}'`);
    if (row) await this.record(id, m);
    return row ?? null;
  }

  /** One line of the order's timeline, in the caller's transaction. */
  async record(id: string, m: Pick<OrderMove, 'action' | 'to' | 'actor' | 'note'> & { from: OrderState | null }): Promise<void> {
    await this.tx.db().query(`INSERT INTO orders.order_timeline (order_id, action, from_state, to_state, actor, note) VALUES ($1, $2, $3, $4, $5, $6)`, [
      id,
      m.action,
      m.from,
      m.to,
      m.actor,
      m.note ?? null,
    ]);
  }

  async timeline(id: string): Promise<TimelineRow[]> {
    return this.tx.db().query(
      `SELECT at, action, from_state, to_state, actor, note FROM orders.order_timeline WHERE order_id = $1 ORDER BY at, id`,
      [id],
    );
  }

  /** Inserts the order; answers null when an order with that id already exists (an idempotent retry). */
  async insert(o: NewOrder): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(
      this.tx.db(),
      `INSERT INTO orders.orders (id, visitor_id, fname, lname, email, phone, city, street, items, items_cents, delivery_cents,
                                  total_cents, payment_method, payment_state, delivery_status, is_in_person, idempotency_key,
                                  delivery_area_name, delivery_area_days, discount_code, discount_cents, hold_until, client_ip, flags, delivery_note,
                                  town_outside_area, pay_on_delivery, bank_transfer)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10::bigint - $20::bigint + $11::bigint, $12, $13, $14, $15, $16, $17, $18, $19, $20,
               now() + make_interval(secs => $21), $22, $23, $24, $25, $26, $27)
       ON CONFLICT DO NOTHING RETURNING *`,
      [
        o.id,
        o.visitorId,
        o.customer.fname,
        o.customer.lname,
        o.customer.email,
        o.customer.phone,
        o.customer.city,
        o.customer.street,
        JSON.stringify(o.items),
        o.itemsCents,
        o.deliveryCents,
        o.inPerson ? 'in_person' : o.bankTransfer ? 'bank_transfer' : 'card',
        o.inPerson ? 'in_person' : 'pending',
        o.inPerson ? 'Preparing In Person Order' : 'Preparing Order',
        o.inPerson,
        o.idempotencyKey,
        o.deliveryArea?.name ?? null,
        o.deliveryArea?.estimatedDays ?? null,
        o.discount?.code ?? null,
        o.discount?.cents ?? 0,
        o.holdSeconds,
        o.clientIp,
        o.flags,
        o.customer.note,
        o.townOutsideArea,
        o.inPerson ? o.payOnDelivery : null,
        o.bankTransfer && !o.inPerson ? JSON.stringify(o.bankTransfer) : null,
      ],
    );
    return row ?? null;
  }

  /**
   * Serialises placing orders per client (visitor, e-mail, address) until the transaction ends, so that two
   * orders of one client cannot both pass the limit on open holds. Keys are taken in one order: no deadlock.
   */
  async lockClient(client: OrderClient): Promise<void> {
    const keys = [`holds:visitor:${client.visitorId}`, `holds:email:${client.email.toLowerCase()}`, ...(client.ip ? [`holds:ip:${client.ip}`] : [])].sort();
    for (const key of keys) await this.tx.db().query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
  }

  /** The open holds of the client's visitor id, e-mail (any case) and address, each counted on its own. */
  async openHolds(client: OrderClient): Promise<{ visitor: ClientHolds; email: ClientHolds; ip: ClientHolds }> {
    const rows: Array<{ who: 'visitor' | 'email' | 'ip'; orders: number; units: number }> = await this.tx.db().query(
      `SELECT 'visitor' AS who, count(*)::int AS orders, coalesce(sum(${UNITS}), 0)::int AS units FROM orders.orders WHERE ${OPEN_HOLD_WHERE} AND visitor_id = $1
       UNION ALL
       SELECT 'email', count(*)::int, coalesce(sum(${UNITS}), 0)::int FROM orders.orders WHERE ${OPEN_HOLD_WHERE} AND lower(email) = lower($2)
       UNION ALL
       SELECT 'ip', count(*)::int, coalesce(sum(${UNITS}), 0)::int FROM orders.orders WHERE ${OPEN_HOLD_WHERE} AND $3::text IS NOT NULL AND client_ip = $3`,
      [client.visitorId, client.email, client.ip],
    );
    const of = (who: string): ClientHolds => {
      const r = rows.find((x) => x.who === who);
      return { orders: r?.orders ?? 0, units: r?.units ?? 0 };
    };
    return { visitor: of('visitor'), email: of('email'), ip: of('ip') };
  }

  /** The shop's usual order: average units per order over the last 90 days (orders that were not refused or left unpaid). */
  async usualUnits(): Promise<{ orders: number; averageUnits: number | null }> {
    const [row] = await this.tx.db().query(
      `SELECT count(*)::int AS orders, avg(${UNITS})::float AS average FROM orders.orders
        WHERE created_at > now() - interval '90 days' AND (is_paid OR is_in_person)`,
    );
    return { orders: row.orders, averageUnits: row.average === null ? null : Number(row.average) };
  }

  /** How many orders the client's visitor id, e-mail or address placed in the last 24 hours (the most of the three). */
  async recentOrdersOf(client: OrderClient): Promise<number> {
    const [row] = await this.tx.db().query(
      `SELECT greatest(
          count(*) FILTER (WHERE visitor_id = $1),
          count(*) FILTER (WHERE lower(email) = lower($2)),
          count(*) FILTER (WHERE $3::text IS NOT NULL AND client_ip = $3))::int AS n
         FROM orders.orders WHERE created_at > now() - interval '24 hours'`,
      [client.visitorId, client.email, client.ip],
    );
    return row.n;
  }

  /** Whether the visitor has an order in `state` (delivered) with a line of the product. */
  /** The order numbers of the given ids (UUIDs) that exist. */
  async numbersOf(ids: string[]): Promise<Array<{ id: string; order_number: string }>> {
    return this.tx.db().query('SELECT id, order_number FROM orders.orders WHERE id = ANY($1::uuid[]) ORDER BY order_number', [ids]);
  }

  async hasOrderWith(visitorId: string, productId: string, state: string): Promise<boolean> {
    const rows: Array<{ found: boolean }> = await this.tx.db().query(
      `SELECT EXISTS (
         SELECT 1 FROM orders.orders
          WHERE visitor_id = $1 AND state = $3 AND items @> jsonb_build_array(jsonb_build_object('product', $2::text))
       ) AS found`,
      [visitorId, productId, state],
    );
    return rows[0]?.found === true;
  }

  async byVisitor(visitorId: string): Promise<OrderRow[]> {
    return this.tx.db().query('SELECT * FROM orders.orders WHERE visitor_id = $1 ORDER BY created_at DESC, id LIMIT 500', [visitorId]);
  }

  /** One page of the admin's list: a tab, a search, current or archived orders, sorted by a column (server-side: the list is paged). */
  async page({ tab, q, page, pageSize, sort, dir, status }: PatternRequest<typeof Pattern.OrdersList>): Promise<{ rows: OrderRow[]; total: number }> {
    const params: unknown[] = [];
    let where = `${TAB_WHERE[tab]} AND archived_at IS ${status === 'archived' ? 'NOT NULL' : 'NULL'}`;
    if (q) {
      params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      // An order number ('IG-10427', 'ig10427', '10427') finds that order, beside the name, email and total matches.
      params.push(parseOrderNumber(q));
      where += ` AND (fname ILIKE $1 OR lname ILIKE $1 OR email ILIKE $1 OR (fname || ' ' || lname) ILIKE $1
                 OR to_char(total_cents / 100.0, 'FM999999990.00') LIKE $1 OR order_number = $2::bigint)`;
    }
    const [{ n }] = await this.tx.db().query(`SELECT count(*)::int AS n FROM orders.orders WHERE ${where}`, params);
    // Column and direction come from fixed lists (the contract's enums), never from the request's text.
    const direction = dir === 'asc' ? 'ASC' : 'DESC';
    const rows = await this.tx.db().query(
      `SELECT * FROM orders.orders WHERE ${where} ORDER BY ${SORT_COLUMNS[sort]} ${direction}, created_at DESC, id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    return { rows, total: n };
  }

  /** Archives (or restores) the order, locked by the caller's transaction; answers the row as saved. */
  async setArchived(id: string, archived: boolean): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(
      this.tx.db(),
      `UPDATE orders.orders SET archived_at = CASE WHEN $2 THEN coalesce(archived_at, now()) ELSE NULL END, updated_at = now() WHERE id = $1 RETURNING *`,
      [id, archived],
    );
    return row ?? null;
  }

  async setReference(id: string, reference: string): Promise<boolean> {
    const rows = await queryRows(
      this.tx.db(),
      `UPDATE orders.orders SET payment_reference = $2, updated_at = now() WHERE id = $1 AND state = 'awaiting_payment' RETURNING id`,
      [id, reference],
    );
    return rows.length > 0;
  }

  /**
   * Records what the catalog did with the order's stock: a reservation committed or released, a sale returned. A
   * released reservation the catalog took again for a late payment (`catalog.stock.reclaim`) is committed too.
   */
  async setStockState(id: string, state: StockState): Promise<void> {
    const from = state === 'returned' ? ['committed'] : state === 'committed' ? ['reserved', 'released'] : ['reserved'];
    await this.tx.db().query(`UPDATE orders.orders SET stock_state = $2, updated_at = now() WHERE id = $1 AND stock_state = ANY($3::text[])`, [id, state, from]);
  }

  /** A deleted order's reservation is still to go back: kept until the catalog answered its release (`releaseAnswered`). */
  async oweRelease(id: string): Promise<void> {
    await this.tx.db().query(`INSERT INTO orders.deleted_order_stock (order_id) VALUES ($1) ON CONFLICT DO NOTHING`, [id]);
  }

  /** The catalog answered an order's release (whatever it found): a deleted order owes nothing more. */
  async releaseAnswered(id: string): Promise<void> {
    await this.tx.db().query(`DELETE FROM orders.deleted_order_stock WHERE order_id = $1`, [id]);
  }

  /** Card orders still waiting for their payment after their reservation ran out (the sweeper expires them). */
  async overdueUnpaid(olderThanSeconds: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.tx.db().query(
      `SELECT id FROM orders.orders WHERE ${inStates(AWAITING_PAYMENT_STATES)} AND created_at < now() - make_interval(secs => $1) LIMIT ${limit}`,
      [olderThanSeconds],
    );
    return rows.map((r) => r.id);
  }

  /** In-person orders nobody confirmed, and bank-transfer orders whose transfer was not recorded (issue 29), whose hold ended more than `graceSeconds` ago (the sweeper expires them). */
  async overdueHolds(graceSeconds: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.tx.db().query(
      `SELECT id FROM orders.orders WHERE state IN ('in_person', 'awaiting_transfer') AND hold_until IS NOT NULL AND hold_until < now() - make_interval(secs => $1) LIMIT ${limit}`,
      [graceSeconds],
    );
    return rows.map((r) => r.id);
  }

  /** Orders whose stock is still reserved although their state says it should be a sale or back on the shelf. */
  async stockBehind(olderThanSeconds: number, limit: number): Promise<Array<{ id: string; action: 'commit' | 'release' }>> {
    const commit = `((NOT is_in_person AND ${inStates(STOCK_TARGETS.commitCard)}) OR (is_in_person AND ${inStates(STOCK_TARGETS.commitInPerson)}))`;
    // Deleted orders whose release is still owed count too: their rows are gone, their reservations are not.
    return this.tx.db().query(
      `(SELECT id::text AS id, CASE WHEN ${commit} THEN 'commit' ELSE 'release' END AS action FROM orders.orders
         WHERE stock_state = 'reserved' AND updated_at < now() - make_interval(secs => $1)
           AND (${commit} OR ${inStates(STOCK_TARGETS.release)}))
       UNION ALL
       (SELECT order_id::text AS id, 'release' AS action FROM orders.deleted_order_stock WHERE deleted_at < now() - make_interval(secs => $1))
       LIMIT ${limit}`,
      [olderThanSeconds],
    );
  }

  async delete(id: string): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(this.tx.db(), 'DELETE FROM orders.orders WHERE id = $1 RETURNING *', [id]);
    return row ?? null;
  }
}
