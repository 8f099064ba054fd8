import { Module } from '@nestjs/common';
import { ServiceClientModule } from '@shop/server-messaging';
import { TransactionContext } from '@shop/server-database';
import { StockMessagesController } from './stock-messages.controller';
import { StockRepository } from './stock.repository';
import { StockService } from './stock.service';
import { StockSweeper } from './stock-sweeper';
import { StockAlertsModule } from '../stock-alerts/stock-alerts.module';

@Module({
  // The stock sweeper asks the order service which held reservations have a stored order.
  imports: [StockAlertsModule, ServiceClientModule],
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
