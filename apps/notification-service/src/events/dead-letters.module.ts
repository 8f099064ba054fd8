import { Module } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { DeadLettersController } from './dead-letters.controller';
import { DeadLettersRepository } from './dead-letters.repository';
import { DeadLettersService } from './dead-letters.service';

/** Where the order events consumer's dead letters are kept and listed. */
@Module({
  controllers: [DeadLettersController],
  providers: [TransactionContext, DeadLettersRepository, DeadLettersService],
})
export class DeadLettersModule {}
