import { Module } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { SettingsMessagesController } from './settings-messages.controller';
import { SiteSettingsRepository } from './site-settings.repository';
import { SiteSettingsService } from './site-settings.service';

@Module({
  controllers: [SettingsMessagesController],
  providers: [TransactionContext, SiteSettingsRepository, SiteSettingsService],
  exports: [SiteSettingsService],
})
export class SettingsModule {}
