import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type OrderConfig, natsCredentials } from '@shop/server-config';
import { ServiceClient } from '@shop/server-messaging';
import { TransactionContext } from '@shop/server-database';
import { JobWorkersModule, QueueName } from '@shop/server-queue';
import { DiscountsMessagesController } from '../discounts/discounts-messages.controller';
import { DiscountsRepository } from '../discounts/discounts.repository';
import { DiscountsService } from '../discounts/discounts.service';
import { OrderOutbox } from '../events/order-outbox';
import { OutboxRelay } from '../events/outbox.relay';
import { OrderJobs } from '../orders/order-jobs';
import { PricingService } from '../pricing/pricing.service';
import { OrderSweeper } from '../jobs/order-sweeper';
import { OrderExpiryProcessor } from '../jobs/processors/order-expiry.processor';
import { StockProcessor } from '../jobs/processors/stock.processor';
import { OrderLimits } from '../orders/order-limits';
import { LatePayments } from '../orders/late-payments.service';
import { OrderTransitions } from '../orders/order-transitions';
import { OrderHoldsMessagesController } from '../orders/order-holds-messages.controller';
import { OrderDocumentsMessagesController } from '../orders/order-documents-messages.controller';
import { OrderDocumentsRepository } from '../orders/order-documents.repository';
import { OrderPaymentService } from '../orders/order-payment.service';
import { OrderStatsRepository } from '../orders/order-stats.repository';
import { OrderStatsService } from '../orders/order-stats.service';
import { OrderService } from '../orders/order.service';
import { OrdersMessagesController } from '../orders/orders-messages.controller';
import { OrdersRepository } from '../orders/orders.repository';
import { CardSettlement } from '../orders/card-settlement.service';
import { CardSettlementMessagesController } from '../orders/card-settlement-messages.controller';
import { ExpiredCardOrdersRepository } from '../orders/expired-card-orders.repository';
import { OrderLookupMessagesController } from '../lookup/order-lookup-messages.controller';
import { OrderLookupProcessor } from '../lookup/order-lookup.processor';
import { OrderLookupRepository } from '../lookup/order-lookup.repository';
import { OrderLookupService } from '../lookup/order-lookup.service';
import { BankTransfers } from '../orders/bank-transfers.service';
import { BankTransfersMessagesController } from '../orders/bank-transfers-messages.controller';
import { TransferProofs } from '../orders/transfer-proofs.service';
import { TransferProofsMessagesController } from '../orders/transfer-proofs-messages.controller';
import { TransferProofsRepository } from '../orders/transfer-proofs.repository';

@Module({
  imports: [JobWorkersModule.forFeature({ [QueueName.Stock]: { concurrency: 5 }, [QueueName.OrderExpiry]: { concurrency: 5 }, [QueueName.OrderLookup]: { concurrency: 2 } })],
  controllers: [
    OrdersMessagesController,
    OrderHoldsMessagesController,
    DiscountsMessagesController,
    OrderDocumentsMessagesController,
    CardSettlementMessagesController,
    OrderLookupMessagesController,
    BankTransfersMessagesController,
    TransferProofsMessagesController,
  ],
  providers: [
    {
      provide: ServiceClient,
      inject: [APP_CONFIG],
      useFactory: (config: OrderConfig) => new ServiceClient(config.NATS_URL, config.NATS_TIMEOUT_MS, config.NATS_SUBJECT_PREFIX, natsCredentials(config)),
    },
    TransactionContext,
    OrdersRepository,
    OrderOutbox,
    DiscountsRepository,
    DiscountsService,
    OrderStatsRepository,
    OrderDocumentsRepository,
    OrderTransitions,
    OrderService,
    PricingService,
    OrderPaymentService,
    OrderLimits,
    LatePayments,
    CardSettlement,
    ExpiredCardOrdersRepository,
    BankTransfers,
    TransferProofs,
    TransferProofsRepository,
    OrderStatsService,
    OrderJobs,
    StockProcessor,
    OrderExpiryProcessor,
    OrderSweeper,
    OutboxRelay,
    OrderLookupRepository,
    OrderLookupService,
    OrderLookupProcessor,
  ],
})
export class OrdersModule implements OnApplicationShutdown {
  constructor(@Inject(ServiceClient) private readonly client: ServiceClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
