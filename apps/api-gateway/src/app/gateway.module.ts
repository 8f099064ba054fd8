import { type DynamicModule, Module } from '@nestjs/common';
import { type GatewayConfig, redisCredentials } from '@shop/server-config';
import { CoreModule, ServiceClientModule } from '@shop/server-messaging';
import { ServiceDatabaseModule } from '@shop/server-database';
import { RedisModule } from '@shop/server-queue';
import type { Logger } from 'pino';
import { AdminUserEntity } from '../auth/admin-user.entity';
import { AuthModule } from '../auth/auth.module';
import { ResponseCacheModule } from '../cache/response-cache.module';
import { GatewayHealth } from '../health/gateway-health';
import { HealthController } from '../health/health.controller';
import { MailController } from '../mail/mail.controller';
import { IDENTITY_MIGRATIONS } from '../migrations';
import { NotificationsController } from '../notifications/notifications.controller';
import { OrderStockController } from '../orders/order-stock.controller';
import { OrderDocumentsController } from '../orders/order-documents.controller';
import { OrdersController } from '../orders/orders.controller';
import { CardPaymentsController } from '../orders/card-payments.controller';
import { TransferPaymentsController } from '../orders/transfer-payments.controller';
import { TransferProofsController } from '../orders/transfer-proofs.controller';
import { ReceiptsController } from '../orders/receipts.controller';
import { PaymentModeController } from '../payments/payment-mode.controller';
import { PaymentsController } from '../payments/payments.controller';
import { ProductsController } from '../products/products.controller';
import { RestockController } from '../products/restock.controller';
import { StockWaitsController } from '../products/stock-waits.controller';
import { RecentReviewsController } from '../reviews/recent-reviews.controller';
import { ReviewsAdminController } from '../reviews/reviews-admin.controller';
import { AdminProductsController } from '../products/admin-products.controller';
import { ProductCsvController } from '../products/product-csv.controller';
import { SettingsController } from '../settings/settings.controller';
import { DeliveryAreasController } from '../delivery/delivery-areas.controller';
import { DiscountsController } from '../discounts/discounts.controller';
import { OrderAccess } from '../orders/order-access';
import { OrderLookupController } from '../orders/order-lookup.controller';
import { UploadsModule } from '../uploads/uploads.module';

/** The gateway owns the admin identity schema; everything else it asks the services for over NATS. */
export const GATEWAY_SCHEMA = 'identity';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        CoreModule.forRoot(config, logger),
        ServiceDatabaseModule.forRoot({ url: config.DATABASE_URL, schema: GATEWAY_SCHEMA, entities: [AdminUserEntity], migrations: IDENTITY_MIGRATIONS }),
        RedisModule.forRoot(config.REDIS_URL, redisCredentials(config)),
        // One NATS client for every service; subjects route each pattern to its owner's queue group.
        ServiceClientModule.global(),
        ResponseCacheModule,
        AuthModule,
        UploadsModule,
      ],
      controllers: [
        HealthController,
        ProductsController,
        RestockController,
        StockWaitsController,
        ReviewsAdminController,
        AdminProductsController,
        ProductCsvController,
        SettingsController,
        MailController,
        NotificationsController,
        // Before OrdersController: its GET orders/:id would take orders/expired-card.
        CardPaymentsController,
        TransferPaymentsController,
        TransferProofsController,
        OrdersController,
        PaymentsController,
        PaymentModeController,
        OrderStockController,
        DeliveryAreasController,
        DiscountsController,
        ReceiptsController,
        RecentReviewsController,
        OrderDocumentsController,
        OrderLookupController,
      ],
      providers: [GatewayHealth, OrderAccess],
    };
  }
}
