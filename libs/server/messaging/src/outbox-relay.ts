import type { OutboxRow, OutboxTable, TransactionContext } from '@shop/server-database';
import { connect, type JetStreamClient, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { natsCredentials, type ServiceConfig } from '@shop/server-config';
import type { Metrics } from '@shop/server-ops';
import { ensureOrderEventStream, type OrderEventStream } from './order-event-stream';
import { PeriodicTask } from '@shop/server-ops';

export interface OutboxRelayOptions {
  /** The NATS connection's name (`order-service outbox relay`). */
  name: string;
  /** `Nats-Msg-Id` of a row: unique across every outbox that publishes to the stream. */
  msgId: (row: OutboxRow) => string;
}

const POLL_MS = 1000;
const BATCH = 100;
/** A publish that gets no ack from the stream in time (NATS away) ends the run; the rows stay pending for the next. */
const PUBLISH_TIMEOUT_MS = 5000;
/** How often published rows are pruned (the rule of how long they are kept is the table's). */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Publishes a service's outbox to the JetStream stream of events (`ensureOrderEventStream`), one message per row on
 * `<NATS_SUBJECT_PREFIX>events.<event>`, with `msgId(row)` as `Nats-Msg-Id` so the stream stores a row published
 * twice (a crash before marking it) once. A row is marked published only after the stream acknowledged it. Runs
 * right after each commit that wrote events (`kick`) and every second (a `PeriodicTask`): at least once. Published
 * rows are pruned hourly by the table's rule. Each service extends it as an injectable with its own `OutboxTable`.
 */
export abstract class JetStreamOutboxRelay extends PeriodicTask {
  private nc: Promise<NatsConnection> | null = null;
  private stream: OrderEventStream | null = null;
  private lastPrune = 0;

  protected constructor(
    private readonly tx: TransactionContext,
    private readonly source: OutboxTable<{ event: string }>,
    private readonly config: ServiceConfig,
    logger: Logger,
    metrics: Metrics,
    private readonly options: OutboxRelayOptions,
  ) {
    super({ task: `outbox-relay:${source.table}`, everyMs: POLL_MS }, metrics, logger);
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    this.kick();
  }

  /** Publishes what is pending (`kick` runs it right away). */
  protected run(): Promise<void> {
    // A run started from inside a transaction must still take its own: the rows it publishes are committed ones.
    return this.tx.outside(() => this.drain());
  }

  private connection(): Promise<NatsConnection> {
    this.nc ??= connect({ servers: [this.config.NATS_URL], ...natsCredentials(this.config), maxReconnectAttempts: -1, reconnectTimeWait: 500, name: this.options.name }).catch(
      (err: unknown) => {
        this.nc = null;
        throw err;
      },
    );
    return this.nc;
  }

  /** The stream, created or checked once per connection (and again after a publish failed: NATS may have lost it). */
  private async jetstream(): Promise<{ js: JetStreamClient; stream: OrderEventStream }> {
    const nc = await this.connection();
    this.stream ??= await ensureOrderEventStream(await nc.jetstreamManager({ timeout: PUBLISH_TIMEOUT_MS }), this.config);
    return { js: nc.jetstream({ timeout: PUBLISH_TIMEOUT_MS }), stream: this.stream };
  }

  private async drain(): Promise<void> {
    for (;;) {
      const published = await this.tx.run(async () => {
        const rows = await this.source.claimPending(BATCH);
        if (rows.length === 0) return 0;
        const { js, stream } = await this.jetstream();
        try {
          // All of the batch in flight at once; each resolves with the stream's ack (a duplicate id is acked too).
          await Promise.all(
            rows.map((row) =>
              js.publish(stream.subjectOf(row.event), JSON.stringify(row.payload), { msgID: this.options.msgId(row), expect: { streamName: stream.name } }),
            ),
          );
        } catch (err) {
          this.stream = null;
          throw err;
        }
        await this.source.markPublished(rows.map((r) => r.id));
        return rows.length;
      });
      if (published < BATCH) break;
    }
    await this.prune();
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.tx.run(() => this.source.prunePublished());
  }

  override async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    const nc = await this.nc?.catch(() => null);
    await nc?.drain().catch(() => nc.close());
  }
}
