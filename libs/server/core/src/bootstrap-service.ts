import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { CustomStrategy } from '@nestjs/microservices';
import type { Logger } from 'pino';
import type { ServiceConfig } from './config';
import { GracefulNatsServer } from './graceful-nats.server';
import { EventDeadLetters } from './jetstream-event-consumer';
import { PinoNestLogger } from './logger';
import { RpcDomainExceptionFilter } from './rpc-exception.filter';
import { RpcLoggingInterceptor } from './rpc-logging.interceptor';

export interface ServiceBootOptions {
  /** The service's name; also its NATS queue group so that replicas share the work. */
  name: string;
  module: Type<unknown> | DynamicModule;
  config: ServiceConfig;
  logger: Logger;
}

/** Creates a NestJS microservice on NATS with the shop's error filter and graceful shutdown. */
export async function createServiceApp(options: ServiceBootOptions): Promise<INestMicroservice> {
  const strategy = new GracefulNatsServer({
    servers: [options.config.NATS_URL],
    queue: options.name,
    subjectPrefix: options.config.NATS_SUBJECT_PREFIX,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    events: { config: options.config, logger: options.logger },
  });
  const app = await NestFactory.createMicroservice<CustomStrategy>(options.module, {
    strategy,
    logger: new PinoNestLogger(options.logger),
    bufferLogs: false,
  });
  app.useGlobalFilters(new RpcDomainExceptionFilter(options.logger));
  const deadLetters = app.get(EventDeadLetters);
  strategy.setDeadLetterSink((letter) => deadLetters.record(letter));
  app.useGlobalInterceptors(new RpcLoggingInterceptor(options.logger));
  return app;
}

/** Starts a service process: listen, and close everything in order on SIGTERM or SIGINT. */
export async function runService(options: ServiceBootOptions): Promise<void> {
  const app = await createServiceApp(options);
  await app.listen();
  options.logger.info({ queue: options.name }, 'service listening on NATS');
  handleShutdownSignals(() => app.close(), options.logger);
}

/** Closes once on the first SIGTERM/SIGINT, then exits; a second signal exits at once. */
export function handleShutdownSignals(close: () => Promise<void>, logger: Logger): void {
  let closing = false;
  const onSignal = (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    logger.info({ signal }, 'shutting down');
    close()
      .then(() => {
        logger.info('shut down cleanly');
        process.exit(0);
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
