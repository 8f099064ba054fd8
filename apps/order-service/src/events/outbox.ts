import { randomUUID } from 'node:crypto';
import type { Order, OrderEvent, OrderEventPayload } from '@shop/contracts';
import type { EntityManager } from 'typeorm';

/** Writes an order event in the caller's transaction; the relay publishes it once that commits. */
export async function appendOrderEvent(
  em: Pick<EntityManager, 'query'>,
  event: OrderEvent,
  order: Order,
  extra: Pick<OrderEventPayload, 'previousStatus' | 'reason' | 'transactionId'> = {},
): Promise<void> {
  const payload: OrderEventPayload = { event, eventId: randomUUID(), occurredAt: new Date().toISOString(), order, ...extra };
  await em.query('INSERT INTO orders.outbox (event, payload) VALUES ($1, $2)', [event, JSON.stringify(payload)]);
}
