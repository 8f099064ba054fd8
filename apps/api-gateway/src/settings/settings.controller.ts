import { applyDecorators, Get, Param, Patch, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { Pattern, type SiteSettings, SiteSettingsListSchema, SiteSettingsSchema } from '@shop/contracts';
import { SiteSettingsInputSchema, SiteSettingsPatchSchema } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import { AdminOnly } from '../auth/admin-only.decorator';
import { PublicCache } from '../cache/public-cache.interceptor';
import { schemaOf } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { ZodBody } from '../http/zod-body.decorator';
import type { z } from 'zod';
import { ApiErrors } from '../http/api-errors.decorator';

/** A write of the one settings record (admin): by its `_id`, answering the updated record; 400 says what is not valid. */
function SettingsWrite(operation: { summary: string; description: string }, badRequest: string): MethodDecorator {
  return applyDecorators(
    AdminOnly(),
    ApiOperation(operation),
    ApiParam({ name: 'id', description: 'The `_id` of the record' }),
    ApiOkResponse({ description: 'The updated record', schema: schemaOf(SiteSettingsSchema) }),
    ApiErrors({ 400: badRequest, 404: 'Unknown or malformed id' }),
  );
}

/** Site settings, called "controls" by the spec's routes. */
@ServiceController('controls', 'settings', 'catalog')
export class SettingsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @PublicCache()
  @ApiOperation({
    summary: 'The site settings: a list holding the one record',
    description: 'Created with the default banner, texts, contacts and a delivery cost of 35.00 the first time it is asked for.',
  })
  @ApiOkResponse({ schema: schemaOf(SiteSettingsListSchema) })
  async list(): Promise<SiteSettings[]> {
    return [await this.services.send(Pattern.SettingsGet, {})];
  }

  @Put(':id')
  @SettingsWrite(
    {
      summary: 'Replace the site settings: the whole record (admin)',
      description:
        'Every field is required. `call` is always set to `phone` (a `call` or `_id` in the body is ignored); videos may be YouTube ' +
        'watch, shorts or youtu.be links and are stored as https://www.youtube.com/watch?v=ID. deliveryCost is TTD with at most two decimals.',
    },
    'A field is missing or not valid; the message names it',
  )
  update(@Param('id') id: string, @ZodBody(SiteSettingsInputSchema) settings: z.output<typeof SiteSettingsInputSchema>): Promise<SiteSettings> {
    return this.services.send(Pattern.SettingsUpdate, { id, settings });
  }

  @Patch(':id')
  @SettingsWrite(
    {
      summary: 'Replace some sections of the site settings (admin)',
      description:
        'Each section sent (homeSettings, ourProductSettings, mediaSettings, contactSettings, paymentSettings, receiptSettings, ' +
        'stockSettings, shopSettings, pageSettings) is replaced whole, with the same rules as PUT; the sections left out are not ' +
        "touched. The admin's Site Settings saves each section this way, so a save never writes another section with what the " +
        'screen loaded earlier.',
    },
    'No section, or a field of one is missing or not valid; the message names it',
  )
  patch(@Param('id') id: string, @ZodBody(SiteSettingsPatchSchema) sections: z.output<typeof SiteSettingsPatchSchema>): Promise<SiteSettings> {
    return this.services.send(Pattern.SettingsPatch, { id, sections });
  }
}
