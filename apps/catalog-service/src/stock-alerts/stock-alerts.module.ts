import { Module } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { CatalogOutboxRelay } from './catalog-outbox.relay';
import { CatalogOutboxRepository } from './catalog-outbox.repository';
import { LowStockMessagesController } from './low-stock-messages.controller';
import { LowStockRepository } from './low-stock.repository';

/** Issue 17's low-stock alerts: the catalog's outbox and its relay, and the dashboard's low-stock list. */
@Module({
  controllers: [LowStockMessagesController],
  providers: [TransactionContext, CatalogOutboxRepository, CatalogOutboxRelay, LowStockRepository],
  exports: [CatalogOutboxRepository, CatalogOutboxRelay],
})
export class StockAlertsModule {}
