import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type OrderConfig, JetStreamOutboxRelay, LOGGER } from '@shop/server-core';
import { TransactionContext } from '@shop/server-database';
import type { Logger } from 'pino';
import { OutboxRepository } from './outbox.repository';

/**
 * Publishes the order events of `orders.outbox` to the JetStream stream of events, with the row id as
 * `Nats-Msg-Id`. Order events stay in the table after publishing (the admin's outbox panel reads them).
 */
@Injectable()
export class OutboxRelay extends JetStreamOutboxRelay {
  constructor(tx: TransactionContext, outbox: OutboxRepository, @Inject(APP_CONFIG) config: OrderConfig, @Inject(LOGGER) logger: Logger) {
    super(tx, outbox, config, logger, { name: 'order-service outbox relay', msgId: (row) => String(row.id) });
  }
}
