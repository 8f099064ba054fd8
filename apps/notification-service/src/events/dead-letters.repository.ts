import { Injectable } from '@nestjs/common';
import type { DeadLetter } from '@shop/server-messaging';
import { queryRows, TransactionContext } from '@shop/server-database';

export interface DeadLetterRow {
  id: string;
  stream: string;
  consumer: string;
  stream_sequence: string;
  subject: string;
  event: string;
  event_id: string | null;
  order_id: string | null;
  deliveries: number;
  error: string;
  created_at: Date;
}

/** All SQL of the order events this service gave up on. */
@Injectable()
export class DeadLettersRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** One row per stream message and consumer: recording the same message again updates its count and reason. */
  async record(letter: DeadLetter, eventId: string | null, orderId: string | null): Promise<void> {
    await this.tx.db().query(
      `INSERT INTO notifications.event_dead_letters (stream, consumer, stream_sequence, subject, event, event_id, order_id, payload, deliveries, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (stream, consumer, stream_sequence) DO UPDATE SET deliveries = EXCLUDED.deliveries, error = EXCLUDED.error, created_at = now()`,
      [letter.stream, letter.consumer, letter.streamSequence, letter.subject, letter.event, eventId, orderId, JSON.stringify(letter.payload), letter.deliveries, letter.error],
    );
  }

  async page(page: number, pageSize: number): Promise<{ rows: DeadLetterRow[]; total: number }> {
    const rows = await queryRows<DeadLetterRow>(
      this.tx.db(),
      `SELECT id, stream, consumer, stream_sequence, subject, event, event_id, order_id, deliveries, error, created_at
         FROM notifications.event_dead_letters ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    );
    const [{ total }] = await queryRows<{ total: string }>(this.tx.db(), 'SELECT count(*) AS total FROM notifications.event_dead_letters');
    return { rows, total: Number(total) };
  }
}
