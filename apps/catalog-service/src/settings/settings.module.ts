import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsMessagesController } from './settings-messages.controller';
import { SiteSettingsEntity } from './site-settings.entity';
import { SiteSettingsService } from './site-settings.service';

@Module({
  imports: [TypeOrmModule.forFeature([SiteSettingsEntity])],
  controllers: [SettingsMessagesController],
  providers: [SiteSettingsService],
  exports: [SiteSettingsService],
})
export class SettingsModule {}
