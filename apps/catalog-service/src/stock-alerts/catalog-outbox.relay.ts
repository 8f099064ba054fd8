import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type CatalogConfig, ensureOrderEventStream, LOGGER, type OrderEventStream } from '@shop/server-core';
import { TransactionContext } from '@shop/server-database';
import { connect, type JetStreamClient, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { CatalogOutboxRepository } from './catalog-outbox.repository';

const POLL_MS = 1000;
const BATCH = 100;
const PUBLISH_TIMEOUT_MS = 5000;
const PRUNE_EVERY_MS = 3_600_000;
const KEEP_PUBLISHED_DAYS = 7;

/**
 * Publishes the catalog's outbox (low-stock events) to the JetStream events stream the order events use
 * (`<NATS_SUBJECT_PREFIX>events.catalog.stock.low`), with `catalog-<row id>` as `Nats-Msg-Id`, right after each
 * commit that wrote one and on a timer. A row is marked published only after the stream's ack; the
 * notification service's durable consumer mails once per event id.
 */
@Injectable()
export class CatalogOutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private nc: Promise<NatsConnection> | null = null;
  private stream: OrderEventStream | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private lastPrune = 0;

  constructor(
    private readonly tx: TransactionContext,
    private readonly outbox: CatalogOutboxRepository,
    @Inject(APP_CONFIG) private readonly config: CatalogConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.kick();
  }

  /** Publishes what is pending; a call during a run makes it run once more. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.tx
      .outside(() => this.drain())
      .catch((err: unknown) => this.logger.warn({ err }, 'catalog outbox relay failed; will retry'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private connection(): Promise<NatsConnection> {
    this.nc ??= connect({ servers: [this.config.NATS_URL], maxReconnectAttempts: -1, reconnectTimeWait: 500, name: 'catalog-service outbox relay' }).catch(
      (err: unknown) => {
        this.nc = null;
        throw err;
      },
    );
    return this.nc;
  }

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
          await Promise.all(
            rows.map((row) =>
              js.publish(stream.subjectOf(row.event), JSON.stringify(row.payload), { msgID: `catalog-${row.id}`, expect: { streamName: stream.name } }),
            ),
          );
        } catch (err) {
          this.stream = null;
          throw err;
        }
        await this.outbox.markPublished(rows.map((r) => r.id));
        return rows.length;
      });
      if (published < BATCH) break;
    }
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await this.tx.run(() => this.outbox.prunePublished(KEEP_PUBLISHED_DAYS));
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
