import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DeliveryStatus, type OrderTab, parseOrderNumber } from '@shop/contracts';
import { queryRows } from '@shop/server-database';
import type { DataSource, EntityManager } from 'typeorm';
import type { OrderRow, PaymentState, StockState, StoredLine } from './order-row';

type Db = Pick<EntityManager, 'query'>;

export interface NewOrder {
  id: string;
  visitorId: string;
  customer: { fname: string; lname: string; email: string; phone: string; city: string; street: string };
  items: StoredLine[];
  itemsCents: number;
  deliveryCents: number;
  inPerson: boolean;
  idempotencyKey: string | null;
}

/** Where each admin tab's orders are (product-rules section 5). */
export const TAB_WHERE: Record<OrderTab, string> = {
  inperson: `is_in_person AND delivery_status = 'Preparing In Person Order'`,
  card: `NOT is_in_person AND is_paid AND delivery_status = 'Preparing Order'`,
  delivering: `delivery_status = 'Out for Delivery'`,
  delivered: `delivery_status = 'Delivered'`,
  all: 'true',
  unpaid: `NOT is_in_person AND NOT is_paid`,
};

/** Orders waiting for the owner: paid card orders and in-person orders, not yet delivered. */
export const BADGE_WHERE = `NOT is_delivered AND (is_in_person OR is_paid)`;

/** All SQL of the orders table. */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async find(id: string, db: Db = this.dataSource): Promise<OrderRow | null> {
    const [row] = await db.query('SELECT * FROM orders.orders WHERE id = $1', [id]);
    return (row as OrderRow | undefined) ?? null;
  }

  /** Inserts the order; answers null when an order with that id already exists (an idempotent retry). */
  async insert(o: NewOrder, db: Db): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(
      db,
      `INSERT INTO orders.orders (id, visitor_id, fname, lname, email, phone, city, street, items, items_cents, delivery_cents,
                                  total_cents, payment_method, payment_state, delivery_status, is_in_person, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10::bigint + $11::bigint, $12, $13, $14, $15, $16)
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
        o.inPerson ? 'in_person' : 'card',
        o.inPerson ? 'in_person' : 'pending',
        o.inPerson ? 'Preparing In Person Order' : 'Preparing Order',
        o.inPerson,
        o.idempotencyKey,
      ],
    );
    return row ?? null;
  }

  async byVisitor(visitorId: string): Promise<OrderRow[]> {
    return this.dataSource.query('SELECT * FROM orders.orders WHERE visitor_id = $1 ORDER BY created_at DESC, id LIMIT 500', [visitorId]);
  }

  async page(tab: OrderTab, q: string | undefined, page: number, pageSize: number): Promise<{ rows: OrderRow[]; total: number }> {
    const params: unknown[] = [];
    let where = TAB_WHERE[tab];
    if (q) {
      params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      // An order number ('IG-10427', 'ig10427', '10427') finds that order, beside the name, email and total matches.
      params.push(parseOrderNumber(q));
      where += ` AND (fname ILIKE $1 OR lname ILIKE $1 OR email ILIKE $1 OR (fname || ' ' || lname) ILIKE $1
                 OR to_char(total_cents / 100.0, 'FM999999990.00') LIKE $1 OR order_number = $2::bigint)`;
    }
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM orders.orders WHERE ${where}`, params);
    const rows = await this.dataSource.query(
      `SELECT * FROM orders.orders WHERE ${where} ORDER BY created_at DESC, id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    return { rows, total: n };
  }

  /** Sets the payment state if it is one of `from`; answers the updated row, or null if it was not. */
  async movePayment(
    id: string,
    from: PaymentState[],
    to: PaymentState,
    extra: { reference?: string; transactionId?: string },
    db: Db,
  ): Promise<OrderRow | null> {
    const paid = to === 'paid';
    const [row] = await queryRows<OrderRow>(
      db,
      `UPDATE orders.orders SET payment_state = $3,
              is_paid = is_paid OR $4, paid_at = CASE WHEN $4 THEN coalesce(paid_at, now()) ELSE paid_at END,
              payment_reference = coalesce($5, payment_reference), transaction_id = coalesce($6, transaction_id), updated_at = now()
        WHERE id = $1 AND payment_state = ANY($2::text[]) RETURNING *`,
      [id, from, to, paid, extra.reference ?? null, extra.transactionId ?? null],
    );
    return row ?? null;
  }

  async setReference(id: string, reference: string): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource,
      `UPDATE orders.orders SET payment_reference = $2, updated_at = now() WHERE id = $1 AND payment_state = 'pending' RETURNING id`,
      [id, reference],
    );
    return rows.length > 0;
  }

  async setDeliveryStatus(id: string, status: DeliveryStatus, db: Db): Promise<OrderRow | null> {
    const delivered = status === 'Delivered';
    const [row] = await queryRows<OrderRow>(
      db,
      `UPDATE orders.orders SET delivery_status = $2, is_delivered = $3,
              delivered_at = CASE WHEN $3 THEN coalesce(delivered_at, now()) ELSE NULL END,
              -- the owner records the cash of an in-person order by delivering it
              is_paid = is_paid OR ($3 AND is_in_person),
              paid_at = CASE WHEN $3 AND is_in_person THEN coalesce(paid_at, now()) ELSE paid_at END,
              updated_at = now()
        WHERE id = $1 RETURNING *`,
      [id, status, delivered],
    );
    return row ?? null;
  }

  async setStockState(id: string, state: StockState): Promise<void> {
    await this.dataSource.query(`UPDATE orders.orders SET stock_state = $2, updated_at = now() WHERE id = $1 AND stock_state = 'reserved'`, [id, state]);
  }

  async delete(id: string, db: Db): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(db, 'DELETE FROM orders.orders WHERE id = $1 RETURNING *', [id]);
    return row ?? null;
  }
}
