import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CreatePaymentResponse, Pattern, type VerifyPaymentResponse } from '@shop/contracts';
import { PaymentService } from './payment.service';

/** Payments over NATS, for the order service only. */
@Controller()
export class PaymentsMessagesController {
  constructor(private readonly payments: PaymentService) {}

  @MessagePattern(Pattern.PaymentsCreate)
  create(@Payload() payload: unknown): Promise<CreatePaymentResponse> {
    return this.payments.create(payload);
  }

  @MessagePattern(Pattern.PaymentsVerify)
  verify(@Payload() payload: unknown): Promise<VerifyPaymentResponse> {
    return this.payments.verify(payload);
  }
}
