import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricDefinition } from './metric-catalog';

/** How long one scrape-time collector (a SQL count, a Redis read) may take before its series are dropped from that scrape. */
const COLLECT_TIMEOUT_MS = 2000;

type Made = Counter<string> | Gauge<string> | Histogram<string>;

/**
 * The process's Prometheus registry (one per app, not prom-client's global one, so that apps built side by
 * side in one test process never collide). Metrics are made from the catalogue on first use, so an app
 * exports only the ones it uses.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly made = new Map<string, Made>();
  private defaultsOn = false;

  constructor(private readonly logger?: Logger) {}

  counter<L extends string>(definition: MetricDefinition<L>): Counter<L> {
    return this.make(definition, 'counter', () => new Counter<L>({ ...this.base(definition) })) as Counter<L>;
  }

  histogram<L extends string>(definition: MetricDefinition<L>): Histogram<L> {
    return this.make(definition, 'histogram', () => new Histogram<L>({ ...this.base(definition), buckets: definition.buckets })) as Histogram<L>;
  }

  gauge<L extends string>(definition: MetricDefinition<L>): Gauge<L> {
    return this.make(definition, 'gauge', () => new Gauge<L>({ ...this.base(definition) })) as Gauge<L>;
  }

  /**
   * A gauge whose values are read when Prometheus scrapes (a queue's counts, an outbox's age). When the read
   * fails or takes too long, the gauge shows no series in that scrape rather than a stale value.
   */
  collectedGauge<L extends string>(definition: MetricDefinition<L>, read: (gauge: Gauge<L>) => Promise<void>): Gauge<L> {
    if (this.made.has(definition.name)) throw new Error(`Metric ${definition.name} is already registered`);
    const logger = this.logger;
    const gauge = new Gauge<L>({
      ...this.base(definition),
      async collect() {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            read(this),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`timed out after ${COLLECT_TIMEOUT_MS} ms`)), COLLECT_TIMEOUT_MS);
            }),
          ]);
        } catch (err) {
          this.reset();
          logger?.warn({ err, metric: definition.name }, 'metric not collected');
        } finally {
          clearTimeout(timer);
        }
      },
    });
    this.made.set(definition.name, gauge as unknown as Made);
    return gauge;
  }

  /** Adds prom-client's process metrics (CPU, memory, event loop lag, GC, handles), once. */
  collectDefaults(): void {
    if (this.defaultsOn) return;
    this.defaultsOn = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** The Prometheus text exposition of every metric, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private base<L extends string>(definition: MetricDefinition<L>) {
    return { name: definition.name, help: definition.help, labelNames: definition.labelNames as L[], registers: [this.registry] };
  }

  private make(definition: MetricDefinition, type: MetricDefinition['type'], create: () => Made): Made {
    if (definition.type !== type) throw new Error(`Metric ${definition.name} is a ${definition.type}, not a ${type}`);
    let metric = this.made.get(definition.name);
    if (!metric) {
      metric = create();
      this.made.set(definition.name, metric);
    }
    return metric;
  }
}
