import { Module } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { DemoProductsSeeder } from './demo-products.seeder';
import { ProductSearchRepository } from './product-search.repository';
import { ProductService } from './product.service';
import { ProductsMessagesController } from './products-messages.controller';
import { ProductsRepository } from './products.repository';

@Module({
  controllers: [ProductsMessagesController],
  providers: [TransactionContext, ProductsRepository, ProductService, ProductSearchRepository, DemoProductsSeeder],
  exports: [ProductService],
})
export class ProductsModule {}
