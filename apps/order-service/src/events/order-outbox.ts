import { Injectable } from '@nestjs/common';
import type { OrderEventMessage } from '@shop/contracts';
import { type OutboxEnvelope, OutboxTable, TransactionContext } from '@shop/server-database';

/** An order event as the contracts' union has it, without the envelope the outbox adds (id and time). */
export type OrderEventBody = OrderEventMessage extends infer M ? (M extends OrderEventMessage ? Omit<M, keyof OutboxEnvelope> : never) : never;

/** The order events' outbox, `orders.outbox`: written in each order change's transaction, published by `OutboxRelay`. */
@Injectable()
export class OrderOutbox extends OutboxTable<OrderEventBody> {
  constructor(tx: TransactionContext) {
    super(tx, 'orders.outbox');
  }
}
