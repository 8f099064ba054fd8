import { type DynamicModule, Global, Module } from '@nestjs/common';
import { JobQueues, QUEUE_OPTIONS, type QueueOptions } from './job-queues';

/** Makes the app's queue and worker factory (`JobQueues`) injectable everywhere. */
@Global()
@Module({})
export class QueueModule {
  static forRoot(options: QueueOptions): DynamicModule {
    return {
      module: QueueModule,
      providers: [{ provide: QUEUE_OPTIONS, useValue: options }, JobQueues],
      exports: [JobQueues],
    };
  }
}
