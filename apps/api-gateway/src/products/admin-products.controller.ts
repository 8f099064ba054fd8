import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery } from '@nestjs/swagger';
import { type AdminProductPage, AdminProductPageSchema, Pattern, type Product, ProductSchema, validate } from '@shop/contracts';
import { ADMIN_PRODUCT_SORTS, ADMIN_STOCK_FILTERS, ADMIN_VISIBILITY_FILTERS, AdminProductQuerySchema } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import { AdminOnly } from '../auth/admin-only.decorator';
import { schemaOf } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { firstValue } from '../http/visitor-header';
import { ApiErrors } from '../http/api-errors.decorator';

/** The query parameters of the owner's product list. */
const LIST_QUERY = ['q', 'type', 'stock', 'visibility', 'sort', 'page', 'pageSize'] as const;

/**
 * The owner's products (issue 26): the list answered by the server (search, filters, sort, pages) and one product,
 * hidden ones included. Never cached: the public cache serves only what shoppers may see.
 */
@AdminOnly()
@ServiceController('admin/products', 'products', 'catalog')
export class AdminProductsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({
    summary: "The owner's product list, hidden products included (admin)",
    description:
      'q: words found in the name or type (case and accents ignored). type: one type. stock: in (1 or more), low (1 up to the low-stock threshold) or out (0). ' +
      'visibility: visible or hidden. sort: newest (default), name, price-low, price-high, stock-low, stock-high. page from 1; pageSize 1 to 100, default 20.',
  })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'type', required: false })
  @ApiQuery({ name: 'stock', required: false, enum: ADMIN_STOCK_FILTERS })
  @ApiQuery({ name: 'visibility', required: false, enum: ADMIN_VISIBILITY_FILTERS })
  @ApiQuery({ name: 'sort', required: false, enum: ADMIN_PRODUCT_SORTS })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'pageSize', required: false })
  @ApiOkResponse({ schema: schemaOf(AdminProductPageSchema) })
  @ApiErrors({ 400: 'A query parameter is not valid; the message names it' })
  list(@Query() query: Record<string, unknown>): Promise<AdminProductPage> {
    const parsed = validate(AdminProductQuerySchema, Object.fromEntries(LIST_QUERY.map((k) => [k, emptyAsNone(firstValue(query[k]))])));
    return this.services.send(Pattern.ProductsAdminPage, { query: parsed });
  }

  @Get('types')
  @ApiOperation({ summary: 'Every product type the owner has used, hidden products included, alphabetically (admin)' })
  @ApiOkResponse({ schema: { type: 'array', items: { type: 'string' } } })
  types(): Promise<string[]> {
    return this.services.send(Pattern.ProductsTypes, { includeHidden: true });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One product with its reviews, hidden or not (admin)' })
  @ApiParam({ name: 'id', description: 'The `_id` of the product' })
  @ApiOkResponse({ schema: schemaOf(ProductSchema) })
  @ApiErrors({ 404: 'Unknown, deleted or malformed id' })
  get(@Param('id') id: string): Promise<Product> {
    return this.services.send(Pattern.ProductsGet, { id, includeHidden: true });
  }
}

/** An empty parameter (`?type=` from a form's "All" choice) is no filter. */
function emptyAsNone(value: unknown): unknown {
  return value === '' ? undefined : value;
}
