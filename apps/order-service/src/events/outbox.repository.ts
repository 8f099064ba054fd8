import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { OrderEventMessage } from '@shop/contracts';
import type { OutboxRow, OutboxSource } from '@shop/server-core';
import { TransactionContext } from '@shop/server-database';

/** All SQL of the order events' outbox. */
/** An order event as the contracts' union has it, without the envelope the outbox adds (id and time). */
export type OrderEventBody = OrderEventMessage extends infer M ? (M extends OrderEventMessage ? Omit<M, 'eventId' | 'occurredAt'> : never) : never;

@Injectable()
export class OutboxRepository implements OutboxSource {
  constructor(private readonly tx: TransactionContext) {}

  /** Writes an order event in the current transaction; the relay publishes it once that commits. */
  async append(body: OrderEventBody): Promise<void> {
    const payload = { ...body, eventId: randomUUID(), occurredAt: new Date().toISOString() } as OrderEventMessage;
    await this.tx.db().query('INSERT INTO orders.outbox (event, payload) VALUES ($1, $2)', [body.event, JSON.stringify(payload)]);
  }

  /**
   * The oldest unpublished rows, locked until the current transaction ends. SKIP LOCKED lets replicas relay
   * side by side without publishing the same row twice.
   */
  async claimPending(batch: number): Promise<OutboxRow[]> {
    return this.tx.db().query(`SELECT id, event, payload FROM orders.outbox WHERE published_at IS NULL ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED`);
  }

  async markPublished(ids: string[]): Promise<void> {
    await this.tx.db().query('UPDATE orders.outbox SET published_at = now() WHERE id = ANY($1::bigint[])', [ids]);
  }
}
