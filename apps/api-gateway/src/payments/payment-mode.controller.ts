import { Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Pattern, type PaymentMode, PaymentModeSchema } from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { PublicCache } from '../cache/public-cache.interceptor';
import { schemaOf } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';

/**
 * Whether the shop takes real card payments, asked of the payment service (which owns the fact): the storefront's
 * SSR server and the admin show a test-shop banner on every page of a staging shop. Public (the admin's login
 * shows it too) and cached like the other public answers: it only changes when the payment service is redeployed.
 */
@ServiceController('payments', 'payments', 'payment')
export class PaymentModeController {
  constructor(private readonly services: ServiceClient) {}

  @Get('mode')
  @PublicCache()
  @ApiOperation({
    summary: 'Whether card payments are real',
    description: 'testPayments is true for a staging shop: NODE_ENV=production with PAYMENT_SANDBOX_IN_PRODUCTION=true on the sandbox (provider or WiPay environment).',
  })
  @ApiOkResponse({ schema: schemaOf(PaymentModeSchema) })
  mode(): Promise<PaymentMode> {
    return this.services.send(Pattern.PaymentsMode, {});
  }
}
