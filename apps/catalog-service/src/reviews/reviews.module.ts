import { Module } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { OrderClientModule } from '../order-client/order-client.module';
import { ProductsModule } from '../products/products.module';
import { ReviewService } from './review.service';
import { ReviewsMessagesController } from './reviews-messages.controller';
import { ReviewsRepository } from './reviews.repository';

@Module({
  // Whether a reviewer had the product delivered is the order service's to say.
  imports: [ProductsModule, OrderClientModule],
  controllers: [ReviewsMessagesController],
  providers: [TransactionContext, ReviewsRepository, ReviewService],
})
export class ReviewsModule {}
