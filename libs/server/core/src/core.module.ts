import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type BaseConfig } from './config';
import { EventDeadLetters } from './jetstream-event-consumer';
import { LOGGER } from './logger';

/** Makes the validated configuration and the process logger injectable everywhere. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: BaseConfig, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        EventDeadLetters,
      ],
      exports: [APP_CONFIG, LOGGER, EventDeadLetters],
    };
  }
}
