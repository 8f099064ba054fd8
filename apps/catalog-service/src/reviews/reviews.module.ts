import { Module } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { ProductsModule } from '../products/products.module';
import { ReviewService } from './review.service';
import { ReviewsMessagesController } from './reviews-messages.controller';
import { ReviewsRepository } from './reviews.repository';

@Module({
  imports: [ProductsModule],
  controllers: [ReviewsMessagesController],
  providers: [TransactionContext, ReviewsRepository, ReviewService],
})
export class ReviewsModule {}
