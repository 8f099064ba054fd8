import { type DynamicModule, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { OutboxTable, TransactionContext } from '@shop/server-database';
import { METRICS } from './metric-catalog';
import { Metrics } from './metrics';

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
  private readonly table: OutboxTable<{ event: string }>;

  constructor(
    @Inject(OPTIONS) private readonly options: OutboxMetricsOptions,
    tx: TransactionContext,
    private readonly metrics: Metrics,
  ) {
    this.table = new OutboxTable(tx, options.table);
  }

  onModuleInit(): void {
    const { outbox } = this.options;
    this.metrics.collectedGauge(METRICS.outboxLag, async (gauge) => gauge.set({ outbox }, (await this.table.lag()).seconds));
    this.metrics.collectedGauge(METRICS.outboxPending, async (gauge) => gauge.set({ outbox }, (await this.table.lag()).pending));
  }
}

/** Adds the lag metrics of one outbox table to a service. */
@Module({})
export class OutboxMetricsModule {
  static forRoot(options: OutboxMetricsOptions): DynamicModule {
    return { module: OutboxMetricsModule, providers: [{ provide: OPTIONS, useValue: options }, TransactionContext, OutboxMetrics] };
  }
}
