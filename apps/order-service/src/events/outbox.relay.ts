import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type OrderConfig, ensureOrderEventStream, LOGGER, type OrderEventStream } from '@shop/server-core';
import { TransactionContext } from '@shop/server-database';
import { connect, type JetStreamClient, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { OutboxRepository } from './outbox.repository';

const POLL_MS = 1000;
const BATCH = 100;
/** A publish that gets no ack from the stream in time (NATS away) ends the run; the rows stay pending for the next. */
const PUBLISH_TIMEOUT_MS = 5000;

/**
 * Publishes the outbox's order events to the JetStream stream of order events (`ensureOrderEventStream`), one
 * message per row on `<NATS_SUBJECT_PREFIX>events.<event>`, with the row id as `Nats-Msg-Id` so the stream
 * stores a row published twice (a crash before marking it) once. A row is marked published only after the
 * stream acknowledged it. Runs right after each commit that wrote events and on a timer: at least once.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private nc: Promise<NatsConnection> | null = null;
  private stream: OrderEventStream | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly tx: TransactionContext,
    private readonly outbox: OutboxRepository,
    @Inject(APP_CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) private readonly logger: Logger,
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
      .catch((err: unknown) => this.logger.warn({ err }, 'outbox relay failed; will retry'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private connection(): Promise<NatsConnection> {
    this.nc ??= connect({ servers: [this.config.NATS_URL], maxReconnectAttempts: -1, reconnectTimeWait: 500, name: 'order-service outbox relay' }).catch(
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
        const rows = await this.outbox.claimPending(BATCH);
        if (rows.length === 0) return 0;
        const { js, stream } = await this.jetstream();
        try {
          // All of the batch in flight at once; each resolves with the stream's ack (a duplicate id is acked too).
          await Promise.all(
            rows.map((row) =>
              js.publish(stream.subjectOf(row.event), JSON.stringify(row.payload), { msgID: String(row.id), expect: { streamName: stream.name } }),
            ),
          );
        } catch (err) {
          this.stream = null;
          throw err;
        }
        await this.outbox.markPublished(rows.map((r) => r.id));
        return rows.length;
      });
      if (published < BATCH) return;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    const nc = await this.nc?.catch(() => null);
    await nc?.drain().catch(() => nc.close());
  }
}
