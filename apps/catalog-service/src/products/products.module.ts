import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DemoProductsSeeder } from './demo-products.seeder';
import { ProductEntity } from './product.entity';
import { ProductService } from './product.service';
import { ProductsMessagesController } from './products-messages.controller';

@Module({
  imports: [TypeOrmModule.forFeature([ProductEntity])],
  controllers: [ProductsMessagesController],
  providers: [ProductService, DemoProductsSeeder],
  exports: [ProductService],
})
export class ProductsModule {}
