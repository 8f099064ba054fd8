import { Module } from '@nestjs/common';
import { APP_CONFIG, type PaymentConfig } from '@shop/server-config';
import { TransactionContext } from '@shop/server-database';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { SandboxProvider } from '../providers/sandbox.provider';
import { WipayProvider } from '../providers/wipay.provider';
import { SandboxPageServer } from '../sandbox/sandbox-page.server';
import { SandboxSessionsRepository } from '../sandbox/sandbox-sessions.repository';
import { PaymentService } from './payment.service';
import { PaymentsMessagesController } from './payments-messages.controller';
import { PaymentsRepository } from './payments.repository';

@Module({
  controllers: [PaymentsMessagesController],
  providers: [
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG, SandboxSessionsRepository],
      useFactory: (config: PaymentConfig, sessions: SandboxSessionsRepository): PaymentProvider =>
        config.PAYMENT_PROVIDER === 'wipay' ? new WipayProvider(config) : new SandboxProvider(sessions, config),
    },
    TransactionContext,
    PaymentsRepository,
    SandboxSessionsRepository,
    PaymentService,
    SandboxPageServer,
  ],
})
export class PaymentsModule {}
