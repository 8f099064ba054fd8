import { Module } from '@nestjs/common';
import { ServiceClientModule } from '@shop/server-messaging';
import { TransactionContext } from '@shop/server-database';
import { ProductsModule } from '../products/products.module';
import { ReviewService } from './review.service';
import { ReviewsMessagesController } from './reviews-messages.controller';
import { ReviewsRepository } from './reviews.repository';

@Module({
  // Whether a reviewer had the product delivered is the order service's to say.
  imports: [ProductsModule, ServiceClientModule],
  controllers: [ReviewsMessagesController],
  providers: [TransactionContext, ReviewsRepository, ReviewService],
})
export class ReviewsModule {}
