import { Get, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { type DeliveryArea, DeliveryAreaSchema, Pattern } from '@shop/contracts';
import { DeliveryAreaInputSchema } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import { z } from 'zod';
import { AdminOnly } from '../auth/admin-only.decorator';
import { schemaOf } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { ZodBody } from '../http/zod-body.decorator';
import { ApiErrors } from '../http/api-errors.decorator';

const areaSchema = schemaOf(DeliveryAreaSchema);
const areaListSchema = schemaOf(z.array(DeliveryAreaSchema));

/** Delivery areas (part of the site settings): the shopper's list at checkout and the owner's list and forms. */
@ServiceController('delivery-areas', 'settings', 'catalog')
export class DeliveryAreasController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'The delivery areas a shopper can pick (active ones), with cost and estimated days; the default area first' })
  @ApiOkResponse({ schema: areaListSchema })
  list(): Promise<DeliveryArea[]> {
    return this.services.send(Pattern.DeliveryAreasList, { all: false });
  }

  @Get('all')
  @AdminOnly()
  @ApiOperation({ summary: 'Every delivery area, switched off ones included (admin)' })
  @ApiOkResponse({ schema: areaListSchema })
  listAll(): Promise<DeliveryArea[]> {
    return this.services.send(Pattern.DeliveryAreasList, { all: true });
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Add a delivery area (admin)' })
  @ApiCreatedResponse({ schema: areaSchema })
  @ApiErrors({ 400: true, 409: 'An area with that name exists' })
  create(@ZodBody(DeliveryAreaInputSchema) area: z.output<typeof DeliveryAreaInputSchema>): Promise<DeliveryArea> {
    return this.services.send(Pattern.DeliveryAreasCreate, { area });
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: "Change a delivery area (admin); orders already placed keep the area's name, days and cost they were placed with",
    description: "The default area's cost is `paymentSettings.deliveryCost`: changing one changes the other. The default area cannot be switched off.",
  })
  @ApiOkResponse({ schema: areaSchema })
  @ApiErrors({ 400: true, 404: true, 409: true })
  update(@Param('id') id: string, @ZodBody(DeliveryAreaInputSchema) area: z.output<typeof DeliveryAreaInputSchema>): Promise<DeliveryArea> {
    return this.services.send(Pattern.DeliveryAreasUpdate, { id, area });
  }
}
