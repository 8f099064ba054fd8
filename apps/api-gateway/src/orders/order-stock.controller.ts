import { Controller, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type OrderStockResponse, Pattern } from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { ApiErrors } from '../http/api-errors.decorator';

/** The spec's stock call, kept as an idempotent trigger: the stock itself moves only through the stock jobs. */
@ApiTags('orders')
@Controller('products')
export class OrderStockController {
  constructor(private readonly services: ServiceClient) {}

  @Put('stock/:orderId')
  @ApiOperation({ summary: 'Queue the stock commit of a paid order whose stock is not yet committed; never changes stock twice' })
  @ApiOkResponse({ schema: { type: 'object', properties: { orderId: { type: 'string' }, stock: { type: 'string', enum: ['reserved', 'commit_queued', 'committed', 'released'] } } } })
  @ApiErrors({ 404: true, 409: 'The order is not paid' })
  commit(@Param('orderId') orderId: string): Promise<OrderStockResponse> {
    return this.services.send(Pattern.OrdersCommitStock, { id: orderId });
  }
}
