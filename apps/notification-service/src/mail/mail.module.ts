import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type NotificationConfig, natsCredentials } from '@shop/server-config';
import { ServiceClient } from '@shop/server-messaging';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TransactionContext } from '@shop/server-database';
import { JobWorkersModule, QueueName } from '@shop/server-queue';
import { MailEntity } from './mail.entity';
import { MailJobs } from './mail-jobs';
import { MailMessagesController } from './mail-messages.controller';
import { MailMetrics } from './mail.metrics';
import { MailProcessor } from './mail.processor';
import { MailRepository } from './mail.repository';
import { MailService } from './mail.service';
import { SecurityAlertsMessagesController } from './security-alerts-messages.controller';
import { MailTransport } from './mail-transport';
import { ReceiptAttachments } from '../receipts/receipt-attachments';
import { ReceiptsMessagesController } from '../receipts/receipts-messages.controller';
import { DocumentsMessagesController } from '../documents/documents-messages.controller';
import { LowStockMessagesController } from '../stock-alerts/low-stock-messages.controller';
import { BackInStockMessagesController } from '../stock-alerts/back-in-stock-messages.controller';

@Module({
  imports: [
    TypeOrmModule.forFeature([MailEntity]),
    // A failed send attempt is logged by MailProcessor itself ('mail not sent'), so the worker's own line is debug.
    JobWorkersModule.forFeature({ [QueueName.Mail]: { concurrency: 4 }, [QueueName.MailSend]: { concurrency: 2, failedLogLevel: 'debug' } }),
  ],
  controllers: [MailMessagesController, SecurityAlertsMessagesController, ReceiptsMessagesController, LowStockMessagesController, BackInStockMessagesController, DocumentsMessagesController],
  providers: [
    {
      // Reads the site settings for receipts (issue 17).
      provide: ServiceClient,
      inject: [APP_CONFIG],
      useFactory: (config: NotificationConfig) => new ServiceClient(config.NATS_URL, config.NATS_TIMEOUT_MS, config.NATS_SUBJECT_PREFIX, natsCredentials(config)),
    },
    TransactionContext,
    MailRepository,
    MailTransport,
    MailJobs,
    MailProcessor,
    MailMetrics,
    MailService,
    ReceiptAttachments,
  ],
})
export class MailModule implements OnApplicationShutdown {
  constructor(@Inject(ServiceClient) private readonly client: ServiceClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
