import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type BaseConfig } from '@shop/server-config';
import { EventDeadLetters } from './jetstream-event-consumer';
import { LOGGER } from '@shop/server-ops';
import { Metrics } from '@shop/server-ops';

/** Makes the validated configuration, the process logger and its metrics registry injectable everywhere. */
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
        { provide: Metrics, useFactory: () => new Metrics(logger) },
      ],
      exports: [APP_CONFIG, LOGGER, EventDeadLetters, Metrics],
    };
  }
}
