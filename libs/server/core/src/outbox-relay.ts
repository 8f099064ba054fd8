import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { TransactionContext } from '@shop/server-database';
import { connect, type JetStreamClient, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { natsCredentials, type ServiceConfig } from './config';
import { ensureOrderEventStream, type OrderEventStream } from './order-event-stream';

/** One row of a service's outbox table: an event written in the same transaction as the change it tells of. */
export interface OutboxRow {
  id: string;
  event: string;
  payload: unknown;
}

/** A service's outbox table, as its repository reads and marks it (inside the relay's transaction). */
export interface OutboxSource {
  /** Pending rows in id order, locked for this transaction (`FOR UPDATE SKIP LOCKED`, so replicas share the work). */
  claimPending(batch: number): Promise<OutboxRow[]>;
  markPublished(ids: string[]): Promise<void>;
  /** Deletes rows published more than `days` ago; a source without it keeps them. */
  prunePublished?(days: number): Promise<void>;
}

export interface OutboxRelayOptions {
  /** The NATS connection's name and the log's words for this relay. */
  name: string;
  /** `Nats-Msg-Id` of a row: unique across every outbox that publishes to the stream. */
  msgId: (row: OutboxRow) => string;
  /** With a source that prunes: how long published rows are kept. */
  keepPublishedDays?: number;
}

const POLL_MS = 1000;
const BATCH = 100;
/** A publish that gets no ack from the stream in time (NATS away) ends the run; the rows stay pending for the next. */
const PUBLISH_TIMEOUT_MS = 5000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Publishes a service's outbox to the JetStream stream of events (`ensureOrderEventStream`), one message per row on
 * `<NATS_SUBJECT_PREFIX>events.<event>`, with `msgId(row)` as `Nats-Msg-Id` so the stream stores a row published
 * twice (a crash before marking it) once. A row is marked published only after the stream acknowledged it. Runs
 * right after each commit that wrote events (`kick`) and on a timer: at least once. Each service extends it as an
 * injectable with its own outbox repository.
 */
export abstract class JetStreamOutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private nc: Promise<NatsConnection> | null = null;
  private stream: OrderEventStream | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private lastPrune = 0;

  protected constructor(
    private readonly tx: TransactionContext,
    private readonly source: OutboxSource,
    private readonly config: ServiceConfig,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.kick();
  }

  /** Publishes what is pending; calls during a run make it run once more. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // A run started from inside a transaction must still take its own: the rows it publishes are committed ones.
    this.running = this.tx
      .outside(() => this.drain())
      .catch((err: unknown) => this.logger.warn({ err }, `${this.options.name} failed; will retry`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
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
    const { prunePublished } = this.source;
    const days = this.options.keepPublishedDays;
    if (!prunePublished || days === undefined || Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.tx.run(() => prunePublished.call(this.source, days));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    const nc = await this.nc?.catch(() => null);
    await nc?.drain().catch(() => nc.close());
  }
}
