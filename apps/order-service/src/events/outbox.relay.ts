import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ClientNats } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig, LOGGER } from '@shop/server-core';
import type { Logger } from 'pino';
import { lastValueFrom, timeout } from 'rxjs';
import type { DataSource } from 'typeorm';

const POLL_MS = 1000;
const BATCH = 100;
/** A publish that does not get out in time (NATS away) ends the run; the rows stay pending for the next. */
const PUBLISH_TIMEOUT_MS = 5000;

/**
 * Publishes the outbox's order events on NATS as Nest events (`ClientNats.emit`, a JSON packet
 * `{ pattern, data }` on subject NATS_SUBJECT_PREFIX + event). Runs right after each commit that wrote
 * events and on a timer, so an event written before a crash is still published: at least once.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly client: ClientNats;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.client = new ClientNats({ servers: [config.NATS_URL], maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  }

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
    this.running = this.drain()
      .catch((err: unknown) => this.logger.warn({ err }, 'outbox relay failed; will retry'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const published = await this.dataSource.transaction(async (em) => {
        // SKIP LOCKED lets replicas relay side by side without publishing the same row twice.
        const rows: Array<{ id: string; event: string; payload: unknown }> = await em.query(
          `SELECT id, event, payload FROM orders.outbox WHERE published_at IS NULL ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        );
        for (const row of rows) {
          await lastValueFrom(this.client.emit(this.config.NATS_SUBJECT_PREFIX + row.event, row.payload).pipe(timeout(PUBLISH_TIMEOUT_MS)), {
            defaultValue: undefined,
          });
        }
        if (rows.length > 0) await em.query('UPDATE orders.outbox SET published_at = now() WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
        return rows.length;
      });
      if (published < BATCH) return;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.client.close();
  }
}
