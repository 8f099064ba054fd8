import { Inject, Injectable, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import type { DefaultJobOptions, Job, JobsOptions, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { bullmq } from './bullmq';
import { DEFAULT_JOB_OPTIONS, type JobOf, type JobPayloads, type QueueName } from './jobs';
import { createRedisConnection, type RedisCredentials } from './redis-connection';

/** DI token for the connection settings every queue and worker of the app shares. */
export const QUEUE_OPTIONS = Symbol('QUEUE_OPTIONS');

export interface QueueOptions {
  redisUrl: string;
  /** The app's own Redis user; unset: none (development). */
  redisCredentials?: RedisCredentials;
  /** BullMQ key prefix (QUEUE_PREFIX): tests and dev stacks on one Redis never see each other's jobs. */
  prefix: string;
  logger: Logger;
}

/** Any job of queue Q, with its payload type. */
export type QueueJob<Q extends QueueName> = Job<JobPayloads[JobOf<Q>], unknown, JobOf<Q>>;

export interface JobWorkerOptions {
  concurrency: number;
  /** The level of the line logged for each failed attempt; 'debug' where the handler logs its own failures. */
  failedLogLevel?: 'warn' | 'debug';
}

/** A producer for one queue: `add` takes only that queue's jobs, each with its own payload type. */
export class JobQueue<Q extends QueueName> {
  constructor(private readonly queue: Queue) {}

  /** Queues a job; the job id is required, so that queuing the same job again is dropped. */
  async add<J extends JobOf<Q>>(name: J, data: JobPayloads[J], options: JobsOptions & { jobId: string }): Promise<void> {
    await this.queue.add(name, data, options);
  }

  /**
   * Queues a job even when a finished job (completed, or failed after its last attempt) still holds its id,
   * which would make `add` a no-op: for reconcilers that found the work not done and whose jobs are idempotent.
   */
  async requeue<J extends JobOf<Q>>(name: J, data: JobPayloads[J], options: JobsOptions & { jobId: string }): Promise<void> {
    const existing = await this.queue.getJob(options.jobId);
    if (existing && ((await existing.isFailed()) || (await existing.isCompleted()))) await existing.remove();
    await this.queue.add(name, data, options);
  }
}

/**
 * Creates every BullMQ queue and worker of the app with the shared prefix and retry defaults, each on a
 * connection of its own (no per-command retry limit, so they wait out a Redis outage), and closes them:
 * workers first (they finish the jobs they hold before the database closes), queues last.
 */
/** The jobs of one queue by state, as BullMQ keeps them in Redis. */
export interface QueueJobCounts {
  queue: QueueName;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/** Told of every failed attempt of a job run by this app's workers; `final` when no attempt is left. */
export type JobFailureListener = (queue: QueueName, final: boolean) => void;

@Injectable()
export class JobQueues implements OnModuleDestroy, OnApplicationShutdown {
  private readonly queues: Queue[] = [];
  private readonly workers: Worker[] = [];
  private readonly failureListeners: JobFailureListener[] = [];
  /** BullMQ does not close connections it was given, so they are closed here. */
  private readonly connections: Redis[] = [];

  constructor(@Inject(QUEUE_OPTIONS) private readonly options: QueueOptions) {}

  /** A producer for the queue; `defaultJobOptions` are laid over DEFAULT_JOB_OPTIONS. */
  queue<Q extends QueueName>(name: Q, defaultJobOptions: DefaultJobOptions = {}): JobQueue<Q> {
    const queue = new (bullmq().Queue)(name, {
      connection: this.connection(),
      prefix: this.options.prefix,
      defaultJobOptions: { ...DEFAULT_JOB_OPTIONS, ...defaultJobOptions },
    });
    this.queues.push(queue);
    return new JobQueue<Q>(queue);
  }

  /** A worker that runs the queue's jobs with `processor`, logging failed attempts and connection errors. */
  worker<Q extends QueueName>(name: Q, processor: (job: QueueJob<Q>) => Promise<unknown>, options: JobWorkerOptions): Worker<JobPayloads[JobOf<Q>], unknown, JobOf<Q>> {
    const { logger } = this.options;
    const { Worker: BullWorker } = bullmq();
    const worker = new BullWorker<JobPayloads[JobOf<Q>], unknown, JobOf<Q>>(name, processor, { connection: this.connection(), prefix: this.options.prefix, concurrency: options.concurrency });
    worker.on('failed', (job, err) => {
      logger[options.failedLogLevel ?? 'warn']({ err, queue: name, job: job?.name, jobId: job?.id, attempts: job?.attemptsMade }, 'job failed');
      // BullMQ counts the attempt before it emits: the last one has attemptsMade equal to the attempts allowed (or was unrecoverable).
      const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || err?.name === 'UnrecoverableError';
      for (const listener of this.failureListeners) listener(name, final);
    });
    worker.on('error', (err) => logger.warn({ err, queue: name }, 'worker error'));
    this.workers.push(worker as unknown as Worker);
    return worker;
  }

  /** Subscribes to the failed attempts of this app's workers (for metrics). */
  onJobFailed(listener: JobFailureListener): void {
    this.failureListeners.push(listener);
  }

  /** The job counts of every queue this app produces to, read from Redis (for metrics and drills). */
  async counts(): Promise<QueueJobCounts[]> {
    const byName = new Map<string, Queue>();
    for (const queue of this.queues) if (!byName.has(queue.name)) byName.set(queue.name, queue);
    return Promise.all(
      [...byName.values()].map(async (queue) => {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
        return { queue: queue.name as QueueName, waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 };
      }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.queues.map((q) => q.close()));
    await Promise.allSettled(this.connections.map((c) => c.quit()));
  }

  private connection(): Redis {
    const connection = createRedisConnection(this.options.redisUrl, this.options.redisCredentials);
    this.connections.push(connection);
    return connection;
  }
}
