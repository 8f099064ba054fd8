import { Module } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { CatalogOutboxRelay } from './catalog-outbox.relay';
import { CatalogOutbox } from './catalog-outbox';
import { LowStockMessagesController } from './low-stock-messages.controller';
import { LowStockRepository } from './low-stock.repository';

/** Issue 17's low-stock alerts: the catalog's outbox and its relay, and the dashboard's low-stock list. */
@Module({
  controllers: [LowStockMessagesController],
  providers: [TransactionContext, CatalogOutbox, CatalogOutboxRelay, LowStockRepository],
  exports: [CatalogOutbox, CatalogOutboxRelay],
})
export class StockAlertsModule {}
