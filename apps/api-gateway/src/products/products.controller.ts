import { Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import {
  type LowStockList,
  Pattern,
  type Product,
  ProductListSchema,
  type ProductPage,
  ProductPageSchema,
  ProductSchema,
  type ProductSummary,
  type RestockListItem,
  RestockListItemSchema,
  RestockListRequestSchema,
  type ReviewWriteResult,
  ReviewWriteResultSchema,
  validate,
  ValidationError,
} from '@shop/contracts';
import { ProductInputSchema, ProductQuerySchema, ReviewInputSchema, VariantsBulkInputSchema, VisitorIdSchema } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import type { Request } from 'express';
import { AdminOnly } from '../auth/admin-only.decorator';
import { type AdminPrincipal, CurrentAdmin } from '../auth/current-admin.decorator';
import { OptionalAdminGuard } from '../auth/optional-admin.guard';
import { PublicCache } from '../cache/public-cache.interceptor';
import { errorSchema, schemaOf } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { type ClientLimiter, RateLimiterFactory } from '../http/rate-limiter';
import { firstValue, VISITOR_HEADER, visitorFrom, visitorHeaderDoc } from '../http/visitor-header';
import { ZodBody } from '../http/zod-body.decorator';
import type { z } from 'zod';
import { ApiErrors } from '../http/api-errors.decorator';
import { RateLimited } from '../http/rate-limited.decorator';

/** The query parameters of the product list. */
const LIST_QUERY = ['q', 'type', 'page', 'pageSize', 'sort'] as const;

@ServiceController('products', 'products', 'catalog')
export class ProductsController {
  private readonly reviewLimiter: ClientLimiter;

  constructor(
    private readonly services: ServiceClient,
    limiters: RateLimiterFactory,
  ) {
    // Visitor ids are the client's, so one script could otherwise write hundreds of reviews (issue 23).
    this.reviewLimiter = limiters.forClients('reviews');
  }

  @Get()
  @PublicCache({ query: LIST_QUERY })
  @ApiOperation({
    summary: 'Products on sale',
    description:
      'Without query parameters: every product, newest first (a plain list). With any of q, type, page, pageSize or sort: one page `{ products, page, pages, total }`. ' +
      'Search matches name, price, description, promotext and type, ignores case and accents and tolerates small typos. sort=trending orders by purchases, sort=newest by date.',
  })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'type', required: false, description: "A product type, or 'all'" })
  @ApiQuery({ name: 'page', required: false, description: 'From 1' })
  @ApiQuery({ name: 'pageSize', required: false, description: '1 to 100, default 8' })
  @ApiQuery({ name: 'sort', required: false, enum: ['trending', 'newest', 'relevance'] })
  @ApiOkResponse({ schema: { oneOf: [schemaOf(ProductListSchema), schemaOf(ProductPageSchema)] } })
  @ApiErrors({ 400: 'A query parameter is not valid' })
  list(@Query() query: Record<string, unknown>): Promise<ProductSummary[] | ProductPage> {
    const keys = LIST_QUERY;
    if (!keys.some((k) => query[k] !== undefined)) return this.services.send(Pattern.ProductsList, {});
    const parsed = validate(ProductQuerySchema, Object.fromEntries(keys.map((k) => [k, firstValue(query[k])])));
    return this.services.send(Pattern.ProductsPage, { query: parsed });
  }

  @Get('types')
  @PublicCache()
  @ApiOperation({ summary: 'The product types found among products on sale' })
  @ApiOkResponse({ schema: { type: 'array', items: { type: 'string' } } })
  types(): Promise<string[]> {
    return this.services.send(Pattern.ProductsTypes, {});
  }

  @Get('restock')
  @AdminOnly()
  @ApiOperation({
    summary: 'Products to restock (countInStock below 1), searchable with q (admin)',
    description:
      "With include=low-stock, also those at or below the shop's low-stock threshold, fewest first (the restock screen). " +
      'Each line has `waiting`: how many shoppers wait to be told it is back (issue 28).',
  })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'include', required: false, enum: ['low-stock'] })
  @ApiOkResponse({ schema: { type: 'array', items: schemaOf(RestockListItemSchema) } })
  @ApiErrors({ 400: 'A query parameter is not valid' })
  restock(@Query('q') q: unknown, @Query('include') include: unknown): Promise<RestockListItem[]> {
    const request = validate(RestockListRequestSchema, { q: firstValue(q), include: firstValue(include) });
    return this.services.send(Pattern.ProductsRestock, request);
  }

  @Get('low-stock')
  @AdminOnly()
  @ApiOperation({ summary: 'Products on sale with 1 to the low-stock threshold left, fewest first, and the threshold (admin; issue 17)' })
  @ApiOkResponse({ schema: { type: 'object', properties: { threshold: { type: 'integer' }, products: schemaOf(ProductListSchema) } } })
  lowStock(): Promise<LowStockList> {
    return this.services.send(Pattern.ProductsLowStock, {});
  }

  @Get(':id')
  @PublicCache({ visitorSpecific: true })
  @ApiOperation({ summary: 'One product with its reviews; `mine` marks the reviews of the visitor in X-Visitor-Id' })
  @ApiHeader(visitorHeaderDoc)
  @ApiOkResponse({ schema: schemaOf(ProductSchema) })
  @ApiErrors({ 404: 'Unknown, deleted, hidden by the owner (a draft) or malformed id' })
  get(@Param('id') id: string, @Headers(VISITOR_HEADER) visitor?: string): Promise<Product> {
    return this.services.send(Pattern.ProductsGet, { id, visitorId: visitorFrom(visitor) });
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a product (admin)' })
  @ApiCreatedResponse({ schema: schemaOf(ProductSchema) })
  @ApiErrors({ 400: 'A field is not valid; the message names it' })
  create(@ZodBody(ProductInputSchema) product: z.output<typeof ProductInputSchema>): Promise<Product> {
    return this.services.send(Pattern.ProductsCreate, { product });
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update a product: the whole product (admin)',
    description:
      'With `options`, the server makes every combination of their values a variant, keeping the ids of existing ones (matched by value ids); ' +
      'without `options` the product keeps the ones it has. Removing a value that open orders hold is a 409 naming those orders.',
  })
  @ApiOkResponse({ schema: schemaOf(ProductSchema) })
  @ApiErrors({ 400: true, 404: true, 409: 'A removed value is held by open orders (named), or a SKU is used by another product' })
  update(@Param('id') id: string, @ZodBody(ProductInputSchema) product: z.output<typeof ProductInputSchema>): Promise<Product> {
    return this.services.send(Pattern.ProductsUpdate, { id, product });
  }

  @Post(':id/variants/bulk')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: "Set one price on every variant and/or add stock to each (admin; the variant grid's bulk actions)",
    description: 'price: the price every variant gets. addStock: how many to add to each variant, recorded as a restock movement each.',
  })
  @ApiOkResponse({ schema: schemaOf(ProductSchema) })
  @ApiErrors({ 400: 'Nothing to change, a bad value, or a variant would pass the stock limit', 404: true })
  variantsBulk(
    @Param('id') id: string,
    @ZodBody(VariantsBulkInputSchema) input: z.output<typeof VariantsBulkInputSchema>,
    @CurrentAdmin() admin: AdminPrincipal,
  ): Promise<Product> {
    return this.services.send(Pattern.ProductsVariantsBulk, { id, input, actor: admin.username });
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a product: hidden from the shop, kept for the orders that name it (admin)' })
  @ApiOkResponse({ schema: errorSchema })
  @ApiErrors({ 404: true, 409: 'Open orders hold stock of it' })
  remove(@Param('id') id: string): Promise<{ message: string }> {
    return this.services.send(Pattern.ProductsDelete, { id });
  }

  @Put('review/:productId')
  @ApiOperation({ summary: "Write or replace the visitor's review of a product (one per visitor per product)" })
  @ApiHeader({ ...visitorHeaderDoc, required: true })
  @ApiOkResponse({
    description: 'The product with its public reviews; `reviewHeld` when this review is not public yet (the shop holds reviews for approval)',
    schema: schemaOf(ReviewWriteResultSchema),
  })
  @ApiErrors({ 400: true, 404: true })
  @RateLimited(
    'Too many reviews from this client (REVIEW_RATE_LIMIT per IP) or visitor (REVIEW_VISITOR_RATE_LIMIT) per RATE_LIMIT_WINDOW_SECONDS (default 10 minutes)',
    'Seconds until the client may write again',
  )
  async review(
    @Param('productId') productId: string,
    @ZodBody(ReviewInputSchema) review: z.output<typeof ReviewInputSchema>,
    @Req() req: Request,
    @Headers(VISITOR_HEADER) visitor?: string,
  ): Promise<ReviewWriteResult> {
    const visitorId = validate(VisitorIdSchema, visitor ?? review.id);
    if (review.id && review.id !== visitorId) throw new ValidationError('The review id does not match X-Visitor-Id');
    // Only writes that would be made count.
    await this.reviewLimiter.consume(req, visitorId);
    return this.services.send(Pattern.ReviewsUpsert, { productId, visitorId, review });
  }

  @Delete('review/:productId/:reviewId')
  @HttpCode(200)
  @UseGuards(OptionalAdminGuard)
  @ApiOperation({ summary: 'Delete a review: only by the visitor who wrote it (X-Visitor-Id) or an admin' })
  @ApiHeader(visitorHeaderDoc)
  @ApiOkResponse({ description: 'The product with its remaining reviews', schema: schemaOf(ProductSchema) })
  @ApiErrors({ 403: 'Not the writer and not an admin', 404: true })
  deleteReview(
    @Param('productId') productId: string,
    @Param('reviewId') reviewId: string,
    @CurrentAdmin() admin: AdminPrincipal | null,
    @Headers(VISITOR_HEADER) visitor?: string,
  ): Promise<Product> {
    return this.services.send(Pattern.ReviewsDelete, { productId, reviewId, visitorId: visitorFrom(visitor), isAdmin: admin !== null });
  }
}
