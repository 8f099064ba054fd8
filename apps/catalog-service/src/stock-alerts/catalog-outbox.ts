import { Injectable } from '@nestjs/common';
import type { LowStockEvent } from '@shop/contracts';
import { type OutboxEnvelope, OutboxTable, TransactionContext } from '@shop/server-database';

/** A catalog event without the envelope the outbox adds (id and time). */
export type CatalogEventBody = Omit<LowStockEvent, keyof OutboxEnvelope>;

/** The catalog's outbox, `catalog.outbox` (issue 17: low-stock events), published by `CatalogOutboxRelay`. */
@Injectable()
export class CatalogOutbox extends OutboxTable<CatalogEventBody> {
  constructor(tx: TransactionContext) {
    super(tx, 'catalog.outbox');
  }
}
