import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type CatalogConfig } from '@shop/server-config';
import { JetStreamOutboxRelay } from '@shop/server-messaging';
import { LOGGER, Metrics } from '@shop/server-ops';
import { TransactionContext } from '@shop/server-database';
import type { Logger } from 'pino';
import { CatalogOutbox } from './catalog-outbox';

/**
 * Publishes the catalog's outbox (low-stock events) to the stream the order events use
 * (`<NATS_SUBJECT_PREFIX>events.catalog.stock.low`), with `catalog-<row id>` as `Nats-Msg-Id` so its ids never meet
 * the order outbox's. The notification service's durable consumer mails once per event id.
 */
@Injectable()
export class CatalogOutboxRelay extends JetStreamOutboxRelay {
  constructor(tx: TransactionContext, outbox: CatalogOutbox, @Inject(APP_CONFIG) config: CatalogConfig, @Inject(LOGGER) logger: Logger, metrics: Metrics) {
    super(tx, outbox, config, logger, metrics, { name: 'catalog-service outbox relay', msgId: (row) => `catalog-${row.id}` });
  }
}
