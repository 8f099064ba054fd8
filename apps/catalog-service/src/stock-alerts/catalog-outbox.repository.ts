import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { LowStockEvent } from '@shop/contracts';
import type { OutboxRow, OutboxSource } from '@shop/server-core';
import { TransactionContext } from '@shop/server-database';

/** A catalog event without the envelope the outbox adds (id and time). */
export type CatalogEventBody = Omit<LowStockEvent, 'eventId' | 'occurredAt'>;

/** All SQL of the catalog's outbox (issue 17: low-stock events), the same shape as the order service's. */
@Injectable()
export class CatalogOutboxRepository implements OutboxSource {
  constructor(private readonly tx: TransactionContext) {}

  /** Writes an event in the current transaction; the relay publishes it once that commits. */
  async append(body: CatalogEventBody): Promise<void> {
    const payload: LowStockEvent = { ...body, eventId: randomUUID(), occurredAt: new Date().toISOString() };
    await this.tx.db().query('INSERT INTO catalog.outbox (event, payload) VALUES ($1, $2)', [body.event, JSON.stringify(payload)]);
  }

  /** The oldest unpublished rows, locked until the current transaction ends (SKIP LOCKED: replicas relay side by side). */
  async claimPending(batch: number): Promise<OutboxRow[]> {
    return this.tx.db().query(`SELECT id, event, payload FROM catalog.outbox WHERE published_at IS NULL ORDER BY id LIMIT ${Number(batch)} FOR UPDATE SKIP LOCKED`);
  }

  async markPublished(ids: string[]): Promise<void> {
    await this.tx.db().query('UPDATE catalog.outbox SET published_at = now() WHERE id = ANY($1::bigint[])', [ids]);
  }

  /** Drops published rows older than the given number of days. */
  async prunePublished(days: number): Promise<void> {
    await this.tx.db().query(`DELETE FROM catalog.outbox WHERE published_at < now() - make_interval(days => $1)`, [days]);
  }
}
