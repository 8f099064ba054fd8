import { Module } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { SettingsModule } from '../settings/settings.module';
import { DeliveryAreasMessagesController } from './delivery-areas-messages.controller';
import { DeliveryAreasRepository } from './delivery-areas.repository';
import { DeliveryAreasService } from './delivery-areas.service';

@Module({
  imports: [SettingsModule],
  controllers: [DeliveryAreasMessagesController],
  providers: [TransactionContext, DeliveryAreasRepository, DeliveryAreasService],
})
export class DeliveryAreasModule {}
