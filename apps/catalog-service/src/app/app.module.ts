import { type DynamicModule, Module } from '@nestjs/common';
import { Pattern, ServiceName } from '@shop/contracts';
import { type CatalogConfig } from '@shop/server-config';
import { serviceInfrastructure } from '@shop/server-messaging';
import { OutboxMetricsModule } from '@shop/server-ops';
import type { Logger } from 'pino';
import { CatalogChangesModule } from '../changes/catalog-changes';
import { CATALOG_MIGRATIONS } from '../migrations';
import { ProductEntity } from '../products/product.entity';
import { ProductsModule } from '../products/products.module';
import { ReviewEntity } from '../reviews/review.entity';
import { ReviewsModule } from '../reviews/reviews.module';
import { StockModule } from '../stock/stock.module';
import { DeliveryAreasModule } from '../delivery/delivery-areas.module';
import { SettingsModule } from '../settings/settings.module';
import { SiteSettingsEntity } from '../settings/site-settings.entity';
import { TYPO_THRESHOLD } from '../products/product-search.sql';

@Module({})
export class CatalogAppModule {
  static forRoot(config: CatalogConfig, logger: Logger): DynamicModule {
    return {
      module: CatalogAppModule,
      imports: [
        ...serviceInfrastructure({
          config,
          logger,
          service: ServiceName.Catalog,
          healthPattern: Pattern.CatalogHealth,
          schema: 'catalog',
          entities: [ProductEntity, ReviewEntity, SiteSettingsEntity],
          migrations: CATALOG_MIGRATIONS,
          sessionSettings: { 'pg_trgm.similarity_threshold': TYPO_THRESHOLD },
        }),
        ProductsModule,
        ReviewsModule,
        StockModule,
        SettingsModule,
        DeliveryAreasModule,
        CatalogChangesModule,
        // Outbox lag for the alerts (issue 16): the age of the oldest event the relay has not published.
        OutboxMetricsModule.forRoot({ outbox: 'catalog', table: 'catalog.outbox' }),
      ],
    };
  }
}
