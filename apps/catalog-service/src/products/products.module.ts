import { Module } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { ServiceClientModule } from '@shop/server-messaging';
import { ProductCsvMessagesController } from '../product-csv/product-csv-messages.controller';
import { ProductCsvRepository } from '../product-csv/product-csv.repository';
import { ProductCsvService } from '../product-csv/product-csv.service';
import { StockWaitsModule } from '../stock-waits/stock-waits.module';
import { DemoProductsSeeder } from './demo-products.seeder';
import { ProductSearchRepository } from './product-search.repository';
import { ProductVariantsRepository } from './product-variants.repository';
import { ProductVariantsService } from './product-variants.service';
import { ProductService } from './product.service';
import { ProductsMessagesController } from './products-messages.controller';
import { ProductsRepository } from './products.repository';

@Module({
  // Removing a variant that open orders hold names them by the order service's numbers; the restock list counts
  // the shoppers waiting for each variant (issue 28).
  imports: [ServiceClientModule, StockWaitsModule],
  controllers: [ProductsMessagesController, ProductCsvMessagesController],
  providers: [TransactionContext, ProductsRepository, ProductService, ProductSearchRepository, DemoProductsSeeder, ProductCsvRepository, ProductCsvService, ProductVariantsRepository, ProductVariantsService],
  exports: [ProductService],
})
export class ProductsModule {}
