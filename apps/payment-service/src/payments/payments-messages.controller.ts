import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CreatePaymentResponse, Pattern, type PatternRequest, type VerifyPaymentResponse } from '@shop/contracts';
import { Handles } from '@shop/server-core';
import { PaymentService } from './payment.service';

/** Payments over NATS, for the order service only. */
@Controller()
export class PaymentsMessagesController {
  constructor(private readonly payments: PaymentService) {}

  @Handles(Pattern.PaymentsCreate)
  create(@Payload() payload: PatternRequest<typeof Pattern.PaymentsCreate>): Promise<CreatePaymentResponse> {
    return this.payments.create(payload);
  }

  @Handles(Pattern.PaymentsVerify)
  verify(@Payload() payload: PatternRequest<typeof Pattern.PaymentsVerify>): Promise<VerifyPaymentResponse> {
    return this.payments.verify(payload);
  }
}
