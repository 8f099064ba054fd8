import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Pattern, type Product } from '@shop/contracts';
import { ServiceClient } from '@shop/server-core';
import { RequestId } from '../app/request-id.decorator';
import { errorSchema, schemaOf } from '../app/openapi';
import { ProductListSchema, ProductSchema } from '@shop/contracts';

@ApiTags('products')
@Controller('products')
export class ProductsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Every product on sale, newest first' })
  @ApiOkResponse({ schema: schemaOf(ProductListSchema) })
  @ApiServiceUnavailableResponse({ description: 'The catalog service did not answer in time', schema: errorSchema })
  list(@RequestId() requestId?: string): Promise<Product[]> {
    return this.services.send(Pattern.ProductsList, {}, { requestId });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One product' })
  @ApiOkResponse({ schema: schemaOf(ProductSchema) })
  @ApiNotFoundResponse({ description: 'Unknown or malformed id', schema: errorSchema })
  @ApiServiceUnavailableResponse({ description: 'The catalog service did not answer in time', schema: errorSchema })
  get(@Param('id') id: string, @RequestId() requestId?: string): Promise<Product> {
    return this.services.send(Pattern.ProductsGet, { id }, { requestId });
  }
}
