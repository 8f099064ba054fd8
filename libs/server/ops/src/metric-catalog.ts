/**
 * Every metric the shop's server apps export (besides prom-client's default process metrics), named in one
 * place: the apps register them from here, and the alert rules and dashboard in deploy/observability are
 * checked against this list. Labels take values from a closed set (route patterns, message patterns, queue
 * names, error codes, statuses), never ids or raw URLs, so the number of series stays bounded.
 */

/** Latency buckets in seconds: fast NATS answers up to slow order placements and timeouts. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricDefinition<L extends string = string> {
  type: 'counter' | 'gauge' | 'histogram';
  name: string;
  help: string;
  labelNames: readonly L[];
  buckets?: number[];
}

function define<L extends string>(definition: MetricDefinition<L>): MetricDefinition<L> {
  return definition;
}

export const METRICS = {
  /** Gateway: every HTTP answer, by route pattern (`/api/products/:id`), method and status code. */
  httpRequests: define({
    type: 'counter',
    name: 'shop_http_requests_total',
    help: 'HTTP requests answered by the gateway, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status'],
  }),
  httpDuration: define({
    type: 'histogram',
    name: 'shop_http_request_duration_seconds',
    help: 'Time from the request arriving at the gateway to the answer being sent, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
  }),
  /** Services: every NATS message handled (requests and events), by the handler's pattern. */
  natsRequests: define({
    type: 'counter',
    name: 'shop_nats_requests_total',
    help: 'NATS messages handled, by pattern, kind (request or event) and outcome (ok or error)',
    labelNames: ['pattern', 'kind', 'outcome'],
  }),
  natsErrors: define({
    type: 'counter',
    name: 'shop_nats_request_errors_total',
    help: 'NATS messages whose handler failed, by pattern, kind and error code',
    labelNames: ['pattern', 'kind', 'code'],
  }),
  natsDuration: define({
    type: 'histogram',
    name: 'shop_nats_request_duration_seconds',
    help: 'Time a NATS handler took, by pattern and kind',
    labelNames: ['pattern', 'kind'],
    buckets: LATENCY_BUCKETS,
  }),
  /** BullMQ: jobs per queue and state, read from Redis when scraped (the same for every replica). */
  queueJobs: define({
    type: 'gauge',
    name: 'shop_queue_jobs',
    help: 'Jobs in each BullMQ queue by state (waiting, active, delayed, failed); failed jobs are kept until retried or removed',
    labelNames: ['queue', 'state'],
  }),
  queueFailures: define({
    type: 'counter',
    name: 'shop_queue_job_failures_total',
    help: 'Failed job attempts seen by this process, by queue; final="true" when no attempt is left',
    labelNames: ['queue', 'final'],
  }),
  /** Outbox: how old the oldest event not yet published is (0 when none waits), read when scraped. */
  outboxLag: define({
    type: 'gauge',
    name: 'shop_outbox_lag_seconds',
    help: 'Age of the oldest unpublished outbox row in seconds (0 when the outbox is empty), by outbox',
    labelNames: ['outbox'],
  }),
  outboxPending: define({
    type: 'gauge',
    name: 'shop_outbox_pending',
    help: 'Outbox rows not yet published, by outbox',
    labelNames: ['outbox'],
  }),
  /** Periodic work (sweepers, outbox relays' polling): every run of a `PeriodicTask`, by task and outcome. */
  periodicRuns: define({
    type: 'counter',
    name: 'shop_periodic_runs_total',
    help: 'Runs of periodic tasks (sweepers, outbox relays) by this process, by task and outcome (ok or error)',
    labelNames: ['task', 'outcome'],
  }),
  periodicDuration: define({
    type: 'histogram',
    name: 'shop_periodic_run_duration_seconds',
    help: 'Time one run of a periodic task took, by task',
    labelNames: ['task'],
    buckets: LATENCY_BUCKETS,
  }),
  /** Mail: sends by this process, and the mail table by status. */
  mailsSent: define({
    type: 'counter',
    name: 'shop_mails_sent_total',
    help: 'Mails handed to SMTP (or the mail drop folder) by this process, by kind',
    labelNames: ['kind'],
  }),
  mailFailures: define({
    type: 'counter',
    name: 'shop_mail_send_failures_total',
    help: 'Failed mail sends by this process, by kind; final="true" when the mail is now failed (no attempt left, or refused for good)',
    labelNames: ['kind', 'final'],
  }),
  mails: define({
    type: 'gauge',
    name: 'shop_mails',
    help: 'Mails in the mail table by status (queued, sending, sent, failed)',
    labelNames: ['status'],
  }),
  /** Probes: what this process's readiness says, as of the last /readyz or scrape. */
  ready: define({
    type: 'gauge',
    name: 'shop_ready',
    help: '1 when this process is ready for traffic (dependencies reachable, not draining), else 0',
    labelNames: [],
  }),
  dependencyUp: define({
    type: 'gauge',
    name: 'shop_dependency_up',
    help: '1 when this process reaches the dependency (postgres, redis, nats), else 0',
    labelNames: ['dependency'],
  }),
} as const;

/**
 * The series names a scrape can show for a metric: a histogram is exposed as `_bucket`, `_sum` and `_count`.
 */
export function seriesNames(definition: MetricDefinition): string[] {
  if (definition.type !== 'histogram') return [definition.name];
  return ['_bucket', '_sum', '_count'].map((suffix) => definition.name + suffix);
}
