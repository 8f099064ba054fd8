import { Module } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { StockAlertsModule } from '../stock-alerts/stock-alerts.module';
import { BackInStockSweeper } from './back-in-stock.sweeper';
import { StockWaitsMessagesController } from './stock-waits-messages.controller';
import { StockWaitsRepository } from './stock-waits.repository';
import { StockWaitsService } from './stock-waits.service';

/** Issue 28's back-in-stock: sign-ups, the batch that tells waiting shoppers (through the catalog's outbox), unsubscribes. */
@Module({
  imports: [StockAlertsModule],
  controllers: [StockWaitsMessagesController],
  providers: [TransactionContext, StockWaitsRepository, StockWaitsService, BackInStockSweeper],
  exports: [StockWaitsService],
})
export class StockWaitsModule {}
