import type { Job } from 'bullmq';
import { JOB_QUEUE, type JobName, jobsOfQueues, type QueueName } from './jobs';

/** A handler found on a provider: the job it handles and where it is, for the error messages. */
export interface FoundJobHandler {
  job: JobName;
  /** `Class.method`, named in the start-up error. */
  owner: string;
  run: (job: Job) => Promise<unknown>;
}

/** Thrown at start-up when the jobs an app works and the handlers it has do not match one to one. */
export class JobWiringError extends Error {
  override readonly name = 'JobWiringError';
}

/**
 * Checks that every job of the worked queues has exactly one handler, and that no handler is for a job
 * whose queue this app does not work; answers the handler of each job, or throws naming every faulty job.
 */
export function resolveJobHandlers(worked: readonly QueueName[], found: readonly FoundJobHandler[]): Map<JobName, FoundJobHandler> {
  const problems: string[] = [];
  const byJob = new Map<JobName, FoundJobHandler[]>();
  for (const handler of found) byJob.set(handler.job, [...(byJob.get(handler.job) ?? []), handler]);
  const consumed = jobsOfQueues(worked);
  for (const job of consumed) {
    const handlers = byJob.get(job) ?? [];
    if (handlers.length === 0) problems.push(`job "${job}" (queue "${JOB_QUEUE[job]}") has no handler`);
    if (handlers.length > 1) problems.push(`job "${job}" (queue "${JOB_QUEUE[job]}") has ${handlers.length} handlers: ${handlers.map((h) => h.owner).join(', ')}`);
  }
  for (const [job, handlers] of byJob) {
    if (!consumed.includes(job)) {
      problems.push(`job "${job}" has a handler (${handlers.map((h) => h.owner).join(', ')}) but its queue "${JOB_QUEUE[job]}" has no worker here`);
    }
  }
  if (problems.length > 0) throw new JobWiringError(`Job wiring: ${problems.join('; ')}. Every job this service works needs exactly one @JobHandler.`);
  return new Map(consumed.map((job) => [job, (byJob.get(job) ?? [])[0]]));
}
