import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReviewEntity } from '../reviews/review.entity';
import { DemoProductsSeeder } from './demo-products.seeder';
import { ProductEntity } from './product.entity';
import { ProductSearchRepository } from './product-search.repository';
import { ProductService } from './product.service';
import { ProductsMessagesController } from './products-messages.controller';

@Module({
  imports: [TypeOrmModule.forFeature([ProductEntity, ReviewEntity])],
  controllers: [ProductsMessagesController],
  providers: [ProductService, ProductSearchRepository, DemoProductsSeeder],
  exports: [ProductService],
})
export class ProductsModule {}
