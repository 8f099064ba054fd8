import { Module } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { ProductCsvMessagesController } from '../product-csv/product-csv-messages.controller';
import { ProductCsvRepository } from '../product-csv/product-csv.repository';
import { ProductCsvService } from '../product-csv/product-csv.service';
import { StockWaitsModule } from '../stock-waits/stock-waits.module';
import { DemoProductsSeeder } from './demo-products.seeder';
import { ProductSearchRepository } from './product-search.repository';
import { ProductService } from './product.service';
import { ProductsMessagesController } from './products-messages.controller';
import { ProductsRepository } from './products.repository';

@Module({
  // The restock list counts the shoppers waiting for each product (issue 28).
  imports: [StockWaitsModule],
  controllers: [ProductsMessagesController, ProductCsvMessagesController],
  providers: [TransactionContext, ProductsRepository, ProductService, ProductSearchRepository, DemoProductsSeeder, ProductCsvRepository, ProductCsvService],
  exports: [ProductService],
})
export class ProductsModule {}
