import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type CatalogConfig, JetStreamOutboxRelay, LOGGER } from '@shop/server-core';
import { TransactionContext } from '@shop/server-database';
import type { Logger } from 'pino';
import { CatalogOutboxRepository } from './catalog-outbox.repository';

/**
 * Publishes the catalog's outbox (low-stock events) to the stream the order events use
 * (`<NATS_SUBJECT_PREFIX>events.catalog.stock.low`), with `catalog-<row id>` as `Nats-Msg-Id` so its ids never meet
 * the order outbox's. The notification service's durable consumer mails once per event id. Published rows are
 * pruned after a week.
 */
@Injectable()
export class CatalogOutboxRelay extends JetStreamOutboxRelay {
  constructor(tx: TransactionContext, outbox: CatalogOutboxRepository, @Inject(APP_CONFIG) config: CatalogConfig, @Inject(LOGGER) logger: Logger) {
    super(tx, outbox, config, logger, { name: 'catalog-service outbox relay', msgId: (row) => `catalog-${row.id}`, keepPublishedDays: 7 });
  }
}
