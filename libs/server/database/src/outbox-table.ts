import { randomUUID } from 'node:crypto';
import type { TransactionContext } from './transaction-context';

/** The one pruning rule of every outbox: published rows are kept a week for inspection, then deleted. */
export const OUTBOX_KEEP_PUBLISHED_DAYS = 7;

/** One row of an outbox table: an event written in the same transaction as the change it tells of. */
export interface OutboxRow {
  id: string;
  event: string;
  payload: unknown;
}

/** The envelope every outbox event gets when it is written: its id (deduplication downstream) and its time. */
export interface OutboxEnvelope {
  eventId: string;
  occurredAt: string;
}

const TABLE_NAME = /^[a-z_]+\.[a-z_]+$/;

/**
 * All SQL of one service's outbox table (`id bigserial, event text, payload jsonb, created_at, published_at`, with a
 * partial index on pending rows). Every query joins the current transaction of `TransactionContext`: `append` runs
 * inside the caller's change, `claimPending` and `markPublished` inside the relay's. Each service subclasses it as an
 * injectable naming its table and its events' type.
 */
export class OutboxTable<Body extends { event: string }> {
  /** `table`: schema-qualified (`orders.outbox`), a constant of the app, never input. */
  constructor(
    private readonly tx: TransactionContext,
    readonly table: string,
  ) {
    if (!TABLE_NAME.test(table)) throw new Error(`Not a schema-qualified table name: ${table}`);
  }

  /** Writes an event with its envelope in the current transaction; the relay publishes it once that commits. */
  async append(body: Body): Promise<void> {
    const payload: Body & OutboxEnvelope = { ...body, eventId: randomUUID(), occurredAt: new Date().toISOString() };
    await this.tx.db().query(`INSERT INTO ${this.table} (event, payload) VALUES ($1, $2)`, [body.event, JSON.stringify(payload)]);
  }

  /**
   * The oldest unpublished rows, locked until the current transaction ends. SKIP LOCKED lets replicas relay
   * side by side without publishing the same row twice.
   */
  async claimPending(batch: number): Promise<OutboxRow[]> {
    return this.tx.db().query(`SELECT id, event, payload FROM ${this.table} WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, [batch]);
  }

  async markPublished(ids: string[]): Promise<void> {
    await this.tx.db().query(`UPDATE ${this.table} SET published_at = now() WHERE id = ANY($1::bigint[])`, [ids]);
  }

  /** Deletes the rows published more than `OUTBOX_KEEP_PUBLISHED_DAYS` ago. */
  async prunePublished(): Promise<void> {
    await this.tx.db().query(`DELETE FROM ${this.table} WHERE published_at < now() - make_interval(days => $1)`, [OUTBOX_KEEP_PUBLISHED_DAYS]);
  }

  /**
   * How far the relay is behind, for the metrics: the age in seconds of the oldest unpublished row (0 when none
   * waits) and how many wait. Both use the partial index on pending rows, so they stay cheap however big the table.
   */
  async lag(): Promise<{ seconds: number; pending: number }> {
    const [row]: Array<{ seconds: number | null; pending: number }> = await this.tx
      .db()
      .query(`SELECT extract(epoch FROM now() - min(created_at))::float8 AS seconds, count(*)::int AS pending FROM ${this.table} WHERE published_at IS NULL`);
    return { seconds: Math.max(0, Number(row.seconds ?? 0)), pending: Number(row.pending) };
  }
}
