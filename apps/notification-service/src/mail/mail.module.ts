import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailEntity } from './mail.entity';
import { MailJobs } from './mail-jobs';
import { MailMessagesController } from './mail-messages.controller';
import { MailRepository } from './mail.repository';
import { MailService } from './mail.service';
import { MailTransport } from './mail-transport';

@Module({
  imports: [TypeOrmModule.forFeature([MailEntity])],
  controllers: [MailMessagesController],
  providers: [MailRepository, MailTransport, MailJobs, MailService],
})
export class MailModule {}
