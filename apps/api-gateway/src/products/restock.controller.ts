import { Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery } from '@nestjs/swagger';
import { Pattern, type RestockResponse, RestockResponseSchema, type StockMovement, StockMovementSchema } from '@shop/contracts';
import { RestockInputSchema } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import { AdminOnly } from '../auth/admin-only.decorator';
import { type AdminPrincipal, CurrentAdmin } from '../auth/current-admin.decorator';
import { schemaOf } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { ZodBody } from '../http/zod-body.decorator';
import type { z } from 'zod';
import { ApiErrors } from '../http/api-errors.decorator';

/**
 * The owner's restock (issue 26): "+N" on a product, recorded with who, how many, why and when, and the product's
 * inventory history. The catalog changes the stock and records the movement in one statement.
 */
@AdminOnly()
@ServiceController('products', 'products', 'catalog')
export class RestockController {
  constructor(private readonly services: ServiceClient) {}

  @Post(':id/restock')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add stock to a product (admin)', description: 'Adds qty (1 to 100,000) with an optional reason; answers the stock after it and the movement recorded.' })
  @ApiParam({ name: 'id', description: 'The `_id` of the product' })
  @ApiOkResponse({ schema: schemaOf(RestockResponseSchema) })
  @ApiErrors({ 400: 'The quantity or reason is not valid, or the stock would pass 1,000,000', 404: 'Unknown, deleted or malformed id' })
  restock(@Param('id') id: string, @ZodBody(RestockInputSchema) input: z.output<typeof RestockInputSchema>, @CurrentAdmin() admin: AdminPrincipal): Promise<RestockResponse> {
    // Who did it comes from the session, never from the body.
    return this.services.send(Pattern.StockRestock, { product: id, input, actor: admin.username });
  }

  @Get(':id/stock-movements')
  @ApiOperation({ summary: "A product's inventory history, newest first (admin)", description: 'The last 50 stock changes made by hand: who, how many, why, when, and the stock after each.' })
  @ApiParam({ name: 'id', description: 'The `_id` of the product' })
  @ApiQuery({ name: 'variant', required: false, description: "Only this variant's movements (issue 28); without it, every variant's of the product" })
  @ApiOkResponse({ schema: { type: 'array', items: schemaOf(StockMovementSchema) } })
  @ApiErrors({ 400: 'The variant is not a valid id', 404: 'Unknown or malformed id' })
  movements(@Param('id') id: string, @Query('variant') variant: unknown): Promise<StockMovement[]> {
    // One variant's history (issue 28) when asked for, else every variant's of the product.
    return this.services.send(Pattern.StockMovements, { product: id, ...(typeof variant === 'string' && variant !== '' ? { variant } : {}) });
  }
}
