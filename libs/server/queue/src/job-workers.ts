import { type DynamicModule, Inject, Injectable, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import { bullmq } from './bullmq';
import { JOB_HANDLER } from './job-handler.decorator';
import { type FoundJobHandler, resolveJobHandlers } from './job-handlers';
import { JobQueues, type JobWorkerOptions } from './job-queues';
import type { JobName, QueueName } from './jobs';

/** The queues one app works, each with its worker's settings. */
export type WorkedQueues = Partial<Record<QueueName, JobWorkerOptions>>;

const WORKED_QUEUES = Symbol('WORKED_QUEUES');

/**
 * Finds the app's `@JobHandler` methods, refuses to start unless every job of the worked queues has exactly
 * one (module init), then starts one worker per queue that hands each job to its handler (bootstrap).
 */
@Injectable()
export class JobWorkers implements OnModuleInit, OnApplicationBootstrap {
  private handlers = new Map<JobName, FoundJobHandler>();

  constructor(
    @Inject(WORKED_QUEUES) private readonly worked: WorkedQueues,
    private readonly queues: JobQueues,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    this.handlers = resolveJobHandlers(Object.keys(this.worked) as QueueName[], this.findHandlers());
  }

  onApplicationBootstrap(): void {
    for (const [name, options] of Object.entries(this.worked) as Array<[QueueName, JobWorkerOptions]>) {
      this.queues.worker(name, (job) => this.run(job), options);
    }
  }

  private run(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name as JobName);
    // Only a job queued outside the typed producers can get here; retrying it would not help.
    if (!handler) throw new (bullmq().UnrecoverableError)(`No handler for job "${job.name}" on queue "${job.queueName}"`);
    return handler.run(job);
  }

  private findHandlers(): FoundJobHandler[] {
    const found: FoundJobHandler[] = [];
    const seen = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      // An alias (useExisting) shares its target's instance: count each instance once.
      if (!instance || typeof instance !== 'object' || seen.has(instance) || !wrapper.isDependencyTreeStatic()) continue;
      seen.add(instance);
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown> | null;
      if (!prototype) continue;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = prototype[method];
        if (typeof fn !== 'function') continue;
        const job = this.reflector.get<JobName | undefined>(JOB_HANDLER, fn as (...args: unknown[]) => unknown);
        if (job) found.push({ job, owner: `${instance.constructor.name}.${method}`, run: (j) => (fn as (j: Job) => Promise<unknown>).call(instance, j) });
      }
    }
    return found;
  }
}

/** Works the given queues in this app: import it once, in the module whose providers hold the handlers. */
@Module({})
export class JobWorkersModule {
  static forFeature(worked: WorkedQueues): DynamicModule {
    return {
      module: JobWorkersModule,
      imports: [DiscoveryModule],
      providers: [{ provide: WORKED_QUEUES, useValue: worked }, JobWorkers],
    };
  }
}
