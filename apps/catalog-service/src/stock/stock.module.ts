import { Module } from '@nestjs/common';
import { ServiceClientModule } from '@shop/server-messaging';
import { TransactionContext } from '@shop/server-database';
import { StockMessagesController } from './stock-messages.controller';
import { StockRepository } from './stock.repository';
import { StockService } from './stock.service';
import { StockSweeper } from './stock-sweeper';
import { StockAlertsModule } from '../stock-alerts/stock-alerts.module';
import { StockWaitsModule } from '../stock-waits/stock-waits.module';

@Module({
  // The stock sweeper asks the order service which held reservations have a stored order.
  // The low-stock event counts the shoppers waiting for the product (issue 28).
  imports: [StockAlertsModule, StockWaitsModule, ServiceClientModule],
  controllers: [StockMessagesController],
  providers: [
    TransactionContext,
    StockRepository,
    StockService,
    StockSweeper,
  ],
  exports: [StockService],
})
export class StockModule {}
