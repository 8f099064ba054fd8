import { Injectable } from '@nestjs/common';
import { OrderAction, OrderState } from '@shop/contracts';
import { TransactionContext } from '@shop/server-database';
import type { OrderRow } from './order-row';

/** The SQL of the owner's reconciliation list (issue 29). */
@Injectable()
export class ExpiredCardOrdersRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** Card orders still expired whose expiry is within the last `days` days, the latest expiry first (at most 200). */
  async expiredWithin(days: number): Promise<OrderRow[]> {
    return this.tx.db().query(
      `SELECT o.* FROM orders.orders o
         JOIN LATERAL (SELECT max(t.at) AS at FROM orders.order_timeline t WHERE t.order_id = o.id AND t.action = $2) e ON true
        WHERE o.payment_method = 'card' AND o.state = $1 AND e.at > now() - make_interval(days => $3)
        ORDER BY e.at DESC, o.id LIMIT 200`,
      [OrderState.Expired, OrderAction.Expire, days],
    );
  }
}
