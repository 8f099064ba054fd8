import { Injectable } from '@nestjs/common';
import type { CatalogEventMessage } from '@shop/contracts';
import { type OutboxEnvelope, OutboxTable, TransactionContext } from '@shop/server-database';

/** A catalog event without the envelope the outbox adds (id and time), one of the events' shapes. */
export type CatalogEventBody = WithoutEnvelope<CatalogEventMessage>;
type WithoutEnvelope<E> = E extends unknown ? Omit<E, keyof OutboxEnvelope> : never;

/** The catalog's outbox, `catalog.outbox` (issue 17: low-stock events; issue 28: back-in-stock), published by `CatalogOutboxRelay`. */
@Injectable()
export class CatalogOutbox extends OutboxTable<CatalogEventBody> {
  constructor(tx: TransactionContext) {
    super(tx, 'catalog.outbox');
  }
}
