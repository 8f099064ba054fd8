import { Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import {
  type BannerDiscount,
  BannerDiscountSchema,
  type DiscountCode,
  type DiscountCodeDetail,
  DiscountCodeDetailSchema,
  DiscountCodeSchema,
  ListDiscountsRequestSchema,
  Pattern,
  validate,
} from '@shop/contracts';
import { DiscountCodeInputSchema } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import { z } from 'zod';
import { AdminAction } from '../auth/admin-action.decorator';
import { AdminOnly } from '../auth/admin-only.decorator';
import { schemaOf } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { firstValue } from '../http/visitor-header';
import { ZodBody } from '../http/zod-body.decorator';
import { ApiErrors } from '../http/api-errors.decorator';

const codeSchema = schemaOf(DiscountCodeSchema);

/** Discount codes: the owner's list, detail (with the orders that used each) and forms; the code the home banner names. */
@ServiceController('discount-codes', 'discounts', 'order')
export class DiscountsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('banner')
  @ApiOperation({ summary: 'The code the home banner names: marked for the banner, usable now and with uses left; null when none' })
  @ApiOkResponse({ schema: schemaOf(BannerDiscountSchema) })
  banner(): Promise<BannerDiscount> {
    return this.services.send(Pattern.DiscountsBanner, {});
  }

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'The current (or archived) discount codes with their uses, newest first, searchable by code (admin)' })
  @ApiQuery({ name: 'status', required: false, enum: ['current', 'archived'], description: 'Default current' })
  @ApiQuery({ name: 'q', required: false, description: 'Part of the code, any case' })
  @ApiOkResponse({ schema: schemaOf(z.array(DiscountCodeSchema)) })
  @ApiErrors({ 400: 'A query parameter is not valid' })
  list(@Query('status') status: unknown, @Query('q') q: unknown): Promise<DiscountCode[]> {
    const request = validate(ListDiscountsRequestSchema, { status: firstValue(status), q: firstValue(q) });
    return this.services.send(Pattern.DiscountsList, request);
  }

  @Post(':id/archive')
  @AdminAction('Archive a code (admin): it stops working at checkout, leaves the banner and the default list; orders keep their saving', codeSchema, { 404: true })
  archive(@Param('id') id: string): Promise<DiscountCode> {
    return this.services.send(Pattern.DiscountsArchive, { id, archived: true });
  }

  @Post(':id/restore')
  @AdminAction('Restore an archived code (admin): it works again on its own terms', codeSchema, { 404: true })
  restore(@Param('id') id: string): Promise<DiscountCode> {
    return this.services.send(Pattern.DiscountsArchive, { id, archived: false });
  }

  @Get(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'One code with the orders that used it (held uses, and uses given back by expired, failed or cancelled orders) (admin)' })
  @ApiOkResponse({ schema: schemaOf(DiscountCodeDetailSchema) })
  @ApiErrors({ 404: true })
  get(@Param('id') id: string): Promise<DiscountCodeDetail> {
    return this.services.send(Pattern.DiscountsGet, { id });
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a discount code (admin)' })
  @ApiCreatedResponse({ schema: codeSchema })
  @ApiErrors({ 400: true, 409: 'The code exists' })
  create(@ZodBody(DiscountCodeInputSchema) code: z.output<typeof DiscountCodeInputSchema>): Promise<DiscountCode> {
    return this.services.send(Pattern.DiscountsCreate, { code });
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: "Change a code's terms (admin); orders already placed keep the saving they were given" })
  @ApiOkResponse({ schema: codeSchema })
  @ApiErrors({ 400: true, 404: true, 409: 'The code exists, or total uses below the uses held now' })
  update(@Param('id') id: string, @ZodBody(DiscountCodeInputSchema) code: z.output<typeof DiscountCodeInputSchema>): Promise<DiscountCode> {
    return this.services.send(Pattern.DiscountsUpdate, { id, code });
  }
}
