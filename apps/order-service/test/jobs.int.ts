import { Injectable, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { APP_CONFIG, type OrderConfig } from '@shop/server-config';
import { JobHandler, JobName, JobWorkersModule, QueueModule, QueueName, type TypedJob } from '@shop/server-queue';
import { captureLogger, freePort } from '@shop/server-testing';
import { Queue } from 'bullmq';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { OrderJobs } from '../src/orders/order-jobs';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Records what the stock handlers were given, so the test sees a job go through the factory's worker. */
@Injectable()
class RecordingStockHandlers {
  readonly seen: Array<{ name: string; orderId: string; id: string | undefined }> = [];
  failOnce = new Set<string>();

  @JobHandler(JobName.StockCommit)
  async commit(job: TypedJob<typeof JobName.StockCommit>): Promise<void> {
    this.record(job);
  }

  @JobHandler(JobName.StockRelease)
  async release(job: TypedJob<typeof JobName.StockRelease>): Promise<void> {
    this.record(job);
  }

  @JobHandler(JobName.StockReturn)
  async returnSale(job: TypedJob<typeof JobName.StockReturn>): Promise<void> {
    this.record(job);
  }

  private record(job: TypedJob<typeof JobName.StockCommit | typeof JobName.StockRelease | typeof JobName.StockReturn>): void {
    if (this.failOnce.delete(job.data.orderId)) throw new Error('first attempt fails');
    this.seen.push({ name: job.name, orderId: job.data.orderId, id: job.id });
  }
}

/** An app context like the order service's job wiring: the factory, a stock worker, OrderJobs and recording handlers. */
async function bootJobs(redisUrl: string, prefix: string, logger: Logger): Promise<{ app: INestApplicationContext; handlers: RecordingStockHandlers; jobs: OrderJobs }> {
  @Module({
    imports: [QueueModule.forRoot({ redisUrl, prefix, logger }), JobWorkersModule.forFeature({ [QueueName.Stock]: { concurrency: 5 } })],
    providers: [{ provide: APP_CONFIG, useValue: { RESERVATION_TTL_SECONDS: 900 } as OrderConfig }, OrderJobs, RecordingStockHandlers],
  })
  class JobsTestModule {}
  const app = await NestFactory.createApplicationContext(JobsTestModule, { logger: false, abortOnError: false });
  return { app, handlers: app.get(RecordingStockHandlers), jobs: app.get(OrderJobs) };
}

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The queue factory and the worker wiring over the real Redis, under a prefix of this run. */
describe('order jobs through the queue factory', () => {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const log = captureLogger('jobs');
  let app: INestApplicationContext;
  let handlers: RecordingStockHandlers;
  let jobs: OrderJobs;
  let redis: Redis;
  let expiry: Queue;
  let stock: Queue;

  beforeAll(async () => {
    ({ app, handlers, jobs } = await bootJobs(REDIS_URL, prefix, log.logger));
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    stock = new Queue(QueueName.Stock, { connection: redis, prefix });
    expiry = new Queue(QueueName.OrderExpiry, { connection: redis, prefix });
  });

  afterAll(async () => {
    await app?.close();
    // Only this run's keys: the machine's Redis is shared.
    await Promise.allSettled([stock?.obliterate({ force: true }), expiry?.obliterate({ force: true })]);
    await Promise.allSettled([stock?.close(), expiry?.close()]);
    redis?.disconnect();
  });

  it('a worker made by the factory hands each typed job to its one handler, under the order job id', async () => {
    const orderId = randomBytes(8).toString('hex');
    await jobs.commitStock(orderId);
    await jobs.releaseStock(orderId);
    const seen = await until(
      () => handlers.seen.filter((s) => s.orderId === orderId),
      (s) => s.length === 2,
    );
    expect(seen.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'commit', orderId, id: `${orderId}.commit` },
      { name: 'release', orderId, id: `${orderId}.release` },
    ]);
  });

  it('queuing the same order job again is dropped (job id by order)', async () => {
    const orderId = randomBytes(8).toString('hex');
    await Promise.all([jobs.commitStock(orderId), jobs.commitStock(orderId)]);
    await until(() => handlers.seen.filter((s) => s.orderId === orderId), (s) => s.length >= 1);
    await jobs.commitStock(orderId);
    await new Promise((r) => setTimeout(r, 300));
    expect(handlers.seen.filter((s) => s.orderId === orderId)).toHaveLength(1);
  });

  it('a failed attempt is retried with the default options and logged', async () => {
    const orderId = randomBytes(8).toString('hex');
    handlers.failOnce.add(orderId);
    await jobs.releaseStock(orderId);
    const job = await stock.getJob(`${orderId}.release`);
    expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential', delay: 1000 } });
    await until(() => handlers.seen.filter((s) => s.orderId === orderId), (s) => s.length === 1);
    expect(handlers.seen.filter((s) => s.orderId === orderId)).toHaveLength(1);
    expect(log.lines()).toContainEqual(expect.objectContaining({ msg: 'job failed', queue: 'stock', job: 'release', jobId: `${orderId}.release` }));
  });

  it('the expiry job waits RESERVATION_TTL_SECONDS, once per order', async () => {
    const orderId = randomBytes(8).toString('hex');
    await jobs.scheduleExpiry(orderId);
    await jobs.scheduleExpiry(orderId);
    const job = await expiry.getJob(`${orderId}.expire`);
    expect(job).toMatchObject({ name: 'expire', data: { orderId }, opts: expect.objectContaining({ delay: 900_000 }) });
    expect(await expiry.getDelayedCount()).toBe(1);
  });

  it('the factory puts the queues under QUEUE_PREFIX', async () => {
    expect(await redis.exists(`${prefix}:${QueueName.Stock}:meta`)).toBe(1);
  });
});

/** A Redis of this test's own, so that it can be stopped and started again without touching the shared one. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined); // refused until the server listens
  try {
    await until(
      () => probe.connect().then(() => true, () => false),
      (up) => up,
    );
  } finally {
    probe.disconnect();
  }
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe('order jobs across a Redis restart', () => {
  let port: number;
  let redisProcess: ChildProcess;
  let app: INestApplicationContext | undefined;

  beforeAll(async () => {
    port = await freePort();
    redisProcess = await startRedis(port);
  });

  afterAll(async () => {
    await app?.close();
    await stopRedis(redisProcess);
  });

  it('a job queued while Redis is down is queued once it is back, and the same worker runs it', async () => {
    const booted = await bootJobs(`redis://127.0.0.1:${port}`, 'restart', captureLogger('restart').logger);
    app = booted.app;
    const before = randomBytes(8).toString('hex');
    await booted.jobs.commitStock(before);
    await until(() => booted.handlers.seen, (s) => s.some((x) => x.orderId === before));

    await stopRedis(redisProcess);
    const after = randomBytes(8).toString('hex');
    // No per-command retry limit: the add waits for Redis instead of failing.
    let settled: 'pending' | 'done' | 'failed' = 'pending';
    const queued = booted.jobs.releaseStock(after).then(
      () => (settled = 'done'),
      () => (settled = 'failed'),
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(settled).toBe('pending');

    redisProcess = await startRedis(port);
    await queued;
    expect(settled).toBe('done');
    const seen = await until(() => booted.handlers.seen.filter((x) => x.orderId === after), (s) => s.length === 1, 20_000);
    expect(seen).toEqual([{ name: 'release', orderId: after, id: `${after}.release` }]);
  });
});
