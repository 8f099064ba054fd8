import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type OrderConfig } from '@shop/server-config';
import { JetStreamOutboxRelay } from '@shop/server-messaging';
import { LOGGER, Metrics } from '@shop/server-ops';
import { TransactionContext } from '@shop/server-database';
import type { Logger } from 'pino';
import { OrderOutbox } from './order-outbox';

/**
 * Publishes the order events of `orders.outbox` to the JetStream stream of events, with the row id as
 * `Nats-Msg-Id`. Published order events stay in the table for a week (the admin's outbox panel reads them).
 */
@Injectable()
export class OutboxRelay extends JetStreamOutboxRelay {
  constructor(tx: TransactionContext, outbox: OrderOutbox, @Inject(APP_CONFIG) config: OrderConfig, @Inject(LOGGER) logger: Logger, metrics: Metrics) {
    super(tx, outbox, config, logger, metrics, { name: 'order-service outbox relay', msgId: (row) => String(row.id) });
  }
}
