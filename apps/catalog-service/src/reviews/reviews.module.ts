import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { ReviewService } from './review.service';
import { ReviewsMessagesController } from './reviews-messages.controller';

@Module({
  imports: [ProductsModule],
  controllers: [ReviewsMessagesController],
  providers: [ReviewService],
})
export class ReviewsModule {}
