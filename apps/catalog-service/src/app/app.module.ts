import { type DynamicModule, Module } from '@nestjs/common';
import { Pattern, ServiceName } from '@shop/contracts';
import { type AppConfig, serviceInfrastructure } from '@shop/server-core';
import type { Logger } from 'pino';
import { CATALOG_MIGRATIONS } from '../migrations';
import { ProductEntity } from '../products/product.entity';
import { ProductsModule } from '../products/products.module';

@Module({})
export class CatalogAppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: CatalogAppModule,
      imports: [
        ...serviceInfrastructure({
          config,
          logger,
          service: ServiceName.Catalog,
          healthPattern: Pattern.CatalogHealth,
          schema: 'catalog',
          entities: [ProductEntity],
          migrations: CATALOG_MIGRATIONS,
        }),
        ProductsModule,
      ],
    };
  }
}
