import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '@shop/server-core';
import type { DataSource } from 'typeorm';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { SandboxProvider } from '../providers/sandbox.provider';
import { WipayProvider } from '../providers/wipay.provider';
import { SandboxPageServer } from '../sandbox/sandbox-page.server';
import { PaymentService } from './payment.service';
import { PaymentsMessagesController } from './payments-messages.controller';

@Module({
  controllers: [PaymentsMessagesController],
  providers: [
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG, getDataSourceToken()],
      useFactory: (config: AppConfig, dataSource: DataSource): PaymentProvider =>
        config.PAYMENT_PROVIDER === 'wipay' ? new WipayProvider(config) : new SandboxProvider(dataSource, config),
    },
    PaymentService,
    SandboxPageServer,
  ],
})
export class PaymentsModule {}
