import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { Pattern, type RecentReviews, RecentReviewsRequestSchema, RecentReviewsSchema, validate } from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { PublicCache } from '../cache/public-cache.interceptor';
import { schemaOf } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { firstValue } from '../http/visitor-header';
import { ApiErrors } from '../http/api-errors.decorator';

/** The storefront home page's "Reviews from shoppers" (issue 25). */
@ServiceController('reviews', 'reviews', 'catalog')
export class RecentReviewsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('recent')
  // A review of any product may change this answer, so any review change clears it (not only the products it shows).
  @PublicCache({ query: ['limit'], everyProduct: true })
  @ApiOperation({
    summary: 'Recent reviews from shoppers, for the home page',
    description:
      'Public reviews of products on sale with 3 stars or more: those with 4 or more first, newest first within each. ' +
      "Each with the reviewer's first name only and the product's id and name.",
  })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 12, default 6' })
  @ApiOkResponse({ schema: schemaOf(RecentReviewsSchema) })
  @ApiErrors({ 400: 'limit is not a whole number from 1 to 12' })
  recent(@Query('limit') limit: unknown): Promise<RecentReviews> {
    const request = validate(RecentReviewsRequestSchema, { limit: firstValue(limit) });
    return this.services.send(Pattern.ReviewsRecent, request);
  }
}
