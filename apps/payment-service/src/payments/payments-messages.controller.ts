import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CreatePaymentResponse, type LookupPaymentResponse, Pattern, type PatternRequest, type PaymentMode, type VerifyPaymentResponse } from '@shop/contracts';
import { APP_CONFIG, type PaymentConfig, sandboxInProduction } from '@shop/server-config';
import { Handles } from '@shop/server-messaging';
import { PaymentService } from './payment.service';

/** Payments over NATS, for the order service; the payment mode for the gateway (the staging banner). */
@Controller()
export class PaymentsMessagesController {
  constructor(
    private readonly payments: PaymentService,
    @Inject(APP_CONFIG) private readonly config: PaymentConfig,
  ) {}

  @Handles(Pattern.PaymentsCreate)
  create(@Payload() payload: PatternRequest<typeof Pattern.PaymentsCreate>): Promise<CreatePaymentResponse> {
    return this.payments.create(payload);
  }

  @Handles(Pattern.PaymentsVerify)
  verify(@Payload() payload: PatternRequest<typeof Pattern.PaymentsVerify>): Promise<VerifyPaymentResponse> {
    return this.payments.verify(payload);
  }

  @Handles(Pattern.PaymentsLookup)
  lookUp(@Payload() payload: PatternRequest<typeof Pattern.PaymentsLookup>): Promise<LookupPaymentResponse> {
    return this.payments.lookUp(payload);
  }

  @Handles(Pattern.PaymentsRecord)
  record(@Payload() payload: PatternRequest<typeof Pattern.PaymentsRecord>): Promise<VerifyPaymentResponse> {
    return this.payments.record(payload);
  }

  /** Whether this shop takes real card payments: a staging shop's pages say they are not real. */
  @Handles(Pattern.PaymentsMode)
  mode(): PaymentMode {
    return { testPayments: sandboxInProduction(this.config) };
  }
}
