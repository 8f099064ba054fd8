import { Module } from '@nestjs/common';
import { StockMessagesController } from './stock-messages.controller';
import { StockService } from './stock.service';

@Module({ controllers: [StockMessagesController], providers: [StockService], exports: [StockService] })
export class StockModule {}
