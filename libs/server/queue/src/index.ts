export * from './jobs';
export * from './job-queues';
export * from './job-handler.decorator';
export * from './job-handlers';
export * from './job-workers';
export * from './queue.module';
export * from './redis-connection';
export * from './redis.module';
