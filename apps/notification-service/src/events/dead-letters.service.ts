import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EventDeadLetter, EventDeadLetterPage, Pattern, PatternRequest } from '@shop/contracts';
import { type DeadLetter, EventDeadLetters } from '@shop/server-messaging';
import { type DeadLetterRow, DeadLettersRepository } from './dead-letters.repository';

/**
 * The order events this service's consumer gave up on (its last delivery failed, or the event broke its
 * contract): recorded in `notifications.event_dead_letters` and listed on the owner's mail log screen. The
 * message itself stays in the stream (named by its sequence) for an operator.
 */
@Injectable()
export class DeadLettersService implements OnModuleInit {
  constructor(
    private readonly deadLetters: EventDeadLetters,
    private readonly repository: DeadLettersRepository,
  ) {}

  onModuleInit(): void {
    this.deadLetters.use((letter) => this.record(letter));
  }

  async record(letter: DeadLetter): Promise<void> {
    const payload = (typeof letter.payload === 'object' && letter.payload !== null ? letter.payload : {}) as { eventId?: unknown; order?: { _id?: unknown } };
    const eventId = typeof payload.eventId === 'string' ? payload.eventId : null;
    const orderId = typeof payload.order?._id === 'string' ? payload.order._id : null;
    await this.repository.record(letter, eventId, orderId);
  }

  async list({ page, pageSize }: PatternRequest<typeof Pattern.NotificationDeadLetters>): Promise<EventDeadLetterPage> {
    const { rows, total } = await this.repository.page(page, pageSize);
    return { deadLetters: rows.map(toDeadLetter), page, pages: Math.max(1, Math.ceil(total / pageSize)), total };
  }
}

function toDeadLetter(row: DeadLetterRow): EventDeadLetter {
  return {
    _id: row.id,
    event: row.event,
    eventId: row.event_id,
    orderId: row.order_id,
    consumer: row.consumer,
    stream: row.stream,
    streamSequence: Number(row.stream_sequence),
    deliveries: row.deliveries,
    error: row.error,
    createdAt: row.created_at.toISOString(),
  };
}
