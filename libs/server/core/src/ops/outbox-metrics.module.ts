import { type DynamicModule, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { METRICS } from './metric-catalog';
import { Metrics } from './metrics';
import { OutboxLagRepository } from './outbox-lag.repository';

export interface OutboxMetricsOptions {
  /** The `outbox` label: 'orders', 'catalog'. */
  outbox: string;
  /** The outbox table, schema-qualified (`orders.outbox`): a constant of the app, never input. */
  table: string;
}

const OPTIONS = Symbol('OUTBOX_METRICS_OPTIONS');

/**
 * Outbox lag for the alerts: the age of the oldest row the relay has not published yet, and how many wait,
 * read when Prometheus scrapes. Every replica reports the same table, so alerts take the max.
 */
@Injectable()
export class OutboxMetrics implements OnModuleInit {
  constructor(
    @Inject(OPTIONS) private readonly options: OutboxMetricsOptions,
    private readonly outboxes: OutboxLagRepository,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    const { outbox, table } = this.options;
    this.metrics.collectedGauge(METRICS.outboxLag, async (gauge) => gauge.set({ outbox }, await this.outboxes.lagSeconds(table)));
    this.metrics.collectedGauge(METRICS.outboxPending, async (gauge) => gauge.set({ outbox }, await this.outboxes.pending(table)));
  }
}

/** Adds the lag metrics of one outbox table to a service. */
@Module({})
export class OutboxMetricsModule {
  static forRoot(options: OutboxMetricsOptions): DynamicModule {
    return { module: OutboxMetricsModule, providers: [{ provide: OPTIONS, useValue: options }, OutboxLagRepository, OutboxMetrics] };
  }
}
