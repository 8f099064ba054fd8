import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { CustomStrategy } from '@nestjs/microservices';
import { JobQueues, pingRedis, REDIS } from '@shop/server-queue';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { natsCredentials, type ServiceConfig } from '@shop/server-config';
import { GracefulNatsServer } from './graceful-nats.server';
import { pingPostgres } from '@shop/server-ops';
import { EventDeadLetters } from './jetstream-event-consumer';
import { PinoNestLogger } from '@shop/server-ops';
import { Metrics } from '@shop/server-ops';
import { OpsServer } from '@shop/server-ops';
import { registerQueueMetrics } from '@shop/server-ops';
import { RpcDomainExceptionFilter } from './rpc-exception.filter';
import { RpcLoggingInterceptor } from './rpc-logging.interceptor';

export interface ServiceBootOptions {
  /** The service's name; also its NATS queue group so that replicas share the work. */
  name: string;
  module: Type<unknown> | DynamicModule;
  config: ServiceConfig;
  logger: Logger;
}

/** A service app and its NATS transport (whose connection readiness checks). */
export interface ServiceApp {
  app: INestMicroservice;
  nats: GracefulNatsServer;
}

/** Creates a NestJS microservice on NATS with the shop's error filter, metrics and graceful shutdown. */
export async function createServiceApp(options: ServiceBootOptions): Promise<ServiceApp> {
  const nats = new GracefulNatsServer({
    servers: [options.config.NATS_URL],
    ...natsCredentials(options.config),
    queue: options.name,
    subjectPrefix: options.config.NATS_SUBJECT_PREFIX,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    events: { config: options.config, logger: options.logger },
  });
  const app = await NestFactory.createMicroservice<CustomStrategy>(options.module, {
    strategy: nats,
    logger: new PinoNestLogger(options.logger),
    bufferLogs: false,
  });
  app.useGlobalFilters(new RpcDomainExceptionFilter(options.logger));
  const deadLetters = app.get(EventDeadLetters);
  nats.setDeadLetterSink((letter) => deadLetters.record(letter));
  app.useGlobalInterceptors(new RpcLoggingInterceptor(options.logger, app.get(Metrics)));
  return { app, nats };
}

/**
 * Starts a service process: its ops server first (live, not ready), then the app; once it listens, readiness
 * follows Postgres, Redis and NATS. SIGTERM or SIGINT turns readiness off, then drains and closes in order.
 */
export async function runService(options: ServiceBootOptions): Promise<void> {
  const ops = await OpsServer.start(options.config.OPS_PORT, options.logger);
  let service: ServiceApp;
  try {
    service = await createServiceApp(options);
    await service.app.listen();
  } catch (err) {
    await ops.close();
    throw err;
  }
  const { app, nats } = service;
  const metrics = app.get(Metrics);
  metrics.collectDefaults();
  registerQueueMetrics(metrics, app.get(JobQueues, { strict: false }));
  const dataSource = app.get(DataSource, { strict: false });
  const redis = app.get<Redis>(REDIS, { strict: false });
  ops.attach(metrics, {
    postgres: () => pingPostgres(dataSource),
    redis: () => pingRedis(redis),
    nats: () => nats.ping(),
  });
  options.logger.info({ queue: options.name }, 'service listening on NATS');
  handleShutdownSignals(drainThenClose(ops, options.config, () => app.close()), options.logger);
}

/**
 * The shutdown of a server app: readiness off at once, DRAIN_DELAY_MS more of normal work (a balancer that
 * polls readiness stops sending meanwhile), then the app's own graceful close, then the ops server.
 */
export function drainThenClose(ops: OpsServer, config: Pick<ServiceConfig, 'DRAIN_DELAY_MS'>, close: () => Promise<void>): () => Promise<void> {
  return async () => {
    ops.drain();
    if (config.DRAIN_DELAY_MS > 0) await new Promise((r) => setTimeout(r, config.DRAIN_DELAY_MS));
    await close();
    await ops.close();
  };
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
