import type { JobQueues } from '@shop/server-queue';
import { METRICS } from './metric-catalog';
import type { Metrics } from './metrics';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Exports the depth of every queue the app produces to (read from Redis when scraped) and its workers' failed attempts. */
export function registerQueueMetrics(metrics: Metrics, queues: JobQueues): void {
  metrics.collectedGauge(METRICS.queueJobs, async (gauge) => {
    const counts = await queues.counts();
    gauge.reset();
    for (const count of counts) for (const state of STATES) gauge.set({ queue: count.queue, state }, count[state]);
  });
  const failures = metrics.counter(METRICS.queueFailures);
  queues.onJobFailed((queue, final) => failures.inc({ queue, final: String(final) }));
}
