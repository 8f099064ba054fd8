import { Get, Param, Patch, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery } from '@nestjs/swagger';
import {
  type AdminReview,
  type AdminReviewPage,
  AdminReviewPageSchema,
  AdminReviewQuerySchema,
  AdminReviewSchema,
  ModerateReviewInputSchema,
  Pattern,
  type ReviewSettings,
  ReviewSettingsSchema,
  validate,
} from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { AdminOnly } from '../auth/admin-only.decorator';
import { schemaOf } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { firstValue } from '../http/visitor-header';
import { ZodBody } from '../http/zod-body.decorator';
import type { z } from 'zod';
import { ApiErrors } from '../http/api-errors.decorator';

/**
 * The owner's review moderation (issue 26): every review in any state, hide, restore, approve, and whether new
 * reviews wait for approval. Deleting one is the review route's own (`DELETE /api/products/review/{productId}/{id}`
 * with an admin session). Each change clears the gateways' cached answers of that product (the catalog's
 * `catalog.changed` event names it).
 */
@AdminOnly()
@ServiceController('reviews', 'reviews', 'catalog')
export class ReviewsAdminController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Every review, newest first, 20 a page, with filters (admin)' })
  @ApiQuery({ name: 'page', required: false, description: 'From 1' })
  @ApiQuery({ name: 'rating', required: false, description: 'Stars, 1 to 5 (1.5 counts as 1)' })
  @ApiQuery({ name: 'product', required: false, description: 'A product id' })
  @ApiQuery({ name: 'status', required: false, enum: ['published', 'pending', 'hidden'] })
  @ApiOkResponse({ schema: schemaOf(AdminReviewPageSchema) })
  @ApiErrors({ 400: 'A filter is not valid; the message names it' })
  list(@Query() query: Record<string, unknown>): Promise<AdminReviewPage> {
    const keys = ['page', 'rating', 'product', 'status'] as const;
    // An empty filter (a form's "All") is no filter.
    const given = Object.fromEntries(keys.map((k) => [k, firstValue(query[k])]).filter(([, v]) => v !== undefined && v !== ''));
    return this.services.send(Pattern.ReviewsAdminList, { query: validate(AdminReviewQuerySchema, given) });
  }

  @Get('settings')
  @ApiOperation({ summary: 'Whether new reviews wait for approval (admin)' })
  @ApiOkResponse({ schema: schemaOf(ReviewSettingsSchema) })
  settings(): Promise<ReviewSettings> {
    return this.services.send(Pattern.ReviewSettingsGet, {});
  }

  @Put('settings')
  @ApiOperation({ summary: 'Hold new reviews for approval, or publish them at once (admin)', description: 'Reviews already waiting stay waiting until approved.' })
  @ApiOkResponse({ schema: schemaOf(ReviewSettingsSchema) })
  @ApiErrors({ 400: true })
  saveSettings(@ZodBody(ReviewSettingsSchema) settings: ReviewSettings): Promise<ReviewSettings> {
    return this.services.send(Pattern.ReviewSettingsUpdate, { settings });
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Hide, restore or approve a review (admin)',
    description: "status 'hidden' takes it off the shop (page, rating, count); 'published' restores or approves it.",
  })
  @ApiParam({ name: 'id', description: 'The `_id` of the review' })
  @ApiOkResponse({ schema: schemaOf(AdminReviewSchema) })
  @ApiErrors({ 400: true, 404: 'Unknown or malformed id' })
  moderate(@Param('id') id: string, @ZodBody(ModerateReviewInputSchema) { status }: z.output<typeof ModerateReviewInputSchema>): Promise<AdminReview> {
    return this.services.send(Pattern.ReviewsModerate, { reviewId: id, status });
  }
}
