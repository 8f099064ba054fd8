import 'reflect-metadata';
import { ServiceName } from '@shop/contracts';
import { catalogConfigSchema } from '@shop/server-config';
import { startService } from '@shop/server-messaging';
import { OutboxMetricsModule } from '@shop/server-ops';
import { CatalogChangesModule } from './changes/catalog-changes';
import { DeliveryAreasModule } from './delivery/delivery-areas.module';
import { CATALOG_MIGRATIONS } from './migrations';
import { ProductEntity } from './products/product.entity';
import { TYPO_THRESHOLD } from './products/product-search.sql';
import { ProductsModule } from './products/products.module';
import { ReviewEntity } from './reviews/review.entity';
import { ReviewsModule } from './reviews/reviews.module';
import { SettingsModule } from './settings/settings.module';
import { SiteSettingsEntity } from './settings/site-settings.entity';
import { StockModule } from './stock/stock.module';
import { StockWaitsModule } from './stock-waits/stock-waits.module';

/** The catalog service: products, search, reviews, stock reservations, site settings and delivery areas. */
startService({
  name: ServiceName.Catalog,
  configSchema: catalogConfigSchema,
  database: {
    schema: 'catalog',
    entities: [ProductEntity, ReviewEntity, SiteSettingsEntity],
    migrations: CATALOG_MIGRATIONS,
    sessionSettings: { 'pg_trgm.similarity_threshold': TYPO_THRESHOLD },
  },
  imports: [
    ProductsModule,
    ReviewsModule,
    StockModule,
    StockWaitsModule,
    SettingsModule,
    DeliveryAreasModule,
    CatalogChangesModule,
    // Outbox lag for the alerts (issue 16): the age of the oldest event the relay has not published.
    OutboxMetricsModule.forRoot({ outbox: 'catalog', table: 'catalog.outbox' }),
  ],
});
