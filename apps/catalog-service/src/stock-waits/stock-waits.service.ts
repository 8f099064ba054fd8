import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  CatalogEvent,
  ConflictError,
  NotFoundError,
  type Pattern,
  type PatternRequest,
  ProductIdSchema,
  type ProductSummary,
  type RestockListItem,
  lineVariant,
  type VariantFields,
  variantLabel,
  STOCK_WAIT_MESSAGES,
  type StockWaitAnswer,
  type StockWaitBatch,
  ValidationError,
} from '@shop/contracts';
import { DEFAULT_BACK_IN_STOCK_DAYS } from '@shop/rules';
import { APP_CONFIG, type CatalogConfig } from '@shop/server-config';
import { TransactionContext } from '@shop/server-database';
import { CatalogOutbox } from '../stock-alerts/catalog-outbox';
import { CatalogOutboxRelay } from '../stock-alerts/catalog-outbox.relay';
import { StockWaitsRepository } from './stock-waits.repository';

const NOT_FOUND = 'Product not found';
const VARIANT_NOT_FOUND = 'That choice of this product is not on sale';

/** The hash a token is stored as (the token itself only travels in the shopper's mail). */
export function unsubscribeHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * Back-in-stock (issue 28): shoppers wait for a sold-out variant; once it is in stock again each is told once, in
 * small batches. Telling a shopper is marking the sign-up told (only while the variant's stock is above 0, checked
 * again by that statement) and writing a `catalog.stock.back-in-stock` event in the same transaction; the
 * notification service mails once per sign-up. The stock statements themselves know nothing of waits.
 */
@Injectable()
export class StockWaitsService {
  constructor(
    private readonly waits: StockWaitsRepository,
    private readonly tx: TransactionContext,
    private readonly outbox: CatalogOutbox,
    private readonly relay: CatalogOutboxRelay,
    @Inject(APP_CONFIG) private readonly config: CatalogConfig,
  ) {}

  /**
   * A sign-up. The answer is the same whether or not the contact was already waiting (its consent and expiry are
   * renewed), so nobody can learn from it who waits for what. A variant in stock is a 409: the shopper can order it.
   */
  async create({ productId, variantId, channel, contact }: PatternRequest<typeof Pattern.StockWaitsCreate>): Promise<StockWaitAnswer> {
    const variant = variantId ?? productId;
    if (!ProductIdSchema.safeParse(productId).success) throw new NotFoundError(NOT_FOUND);
    if (!ProductIdSchema.safeParse(variant).success) throw new ValidationError(STOCK_WAIT_MESSAGES.variant);
    return this.tx.run(async () => {
      const found = await this.waits.variantOf(productId, variant);
      // Unknown, deleted, hidden, switched off, or a variant of another product: the same 404.
      if (!found) throw new NotFoundError(variantId === undefined ? NOT_FOUND : VARIANT_NOT_FOUND);
      if (found.hasOptions && variantId === undefined) throw new ValidationError(STOCK_WAIT_MESSAGES.variant);
      if (found.countInStock > 0) throw new ConflictError(STOCK_WAIT_MESSAGES.inStock);
      await this.waits.upsert(found.id, channel, contact, await this.waits.waitDays(DEFAULT_BACK_IN_STOCK_DAYS));
      return { message: STOCK_WAIT_MESSAGES.accepted };
    });
  }

  /** The mail's unsubscribe link: ends every wait of that contact. A token no sign-up has is a 404. */
  async unsubscribe({ token }: PatternRequest<typeof Pattern.StockWaitsUnsubscribe>): Promise<StockWaitAnswer> {
    const done = await this.tx.run(() => this.waits.unsubscribe(unsubscribeHash(token)));
    if (!done) throw new NotFoundError(STOCK_WAIT_MESSAGES.badToken);
    return { message: STOCK_WAIT_MESSAGES.unsubscribed };
  }

  /**
   * One batch: drops expired sign-ups, then tells up to BACK_IN_STOCK_BATCH waiting shoppers whose variant is in
   * stock, each in a transaction of its own that reads the stock again. Replicas may run it side by side: a sign-up
   * is told by the one statement that finds it still waiting.
   */
  async sendBatch(): Promise<StockWaitBatch> {
    const expired = await this.tx.run(() => this.waits.pruneExpired());
    const due = await this.tx.run(() => this.waits.dueWaits(this.config.BACK_IN_STOCK_BATCH));
    let told = 0;
    for (const waitId of due) if (await this.tell(waitId)) told++;
    // The events written go out now rather than at the relay's next tick.
    if (told > 0) this.relay.kick();
    return { told, expired };
  }

  /**
   * The restock list's lines with how many shoppers wait for each (untold, unexpired sign-ups): a line names a
   * variant, or a product without options (its implicit variant, whose id is the product's).
   */
  async withWaiting(lines: Array<ProductSummary & VariantFields>): Promise<RestockListItem[]> {
    const waiting = await this.waits.waitingByVariant(lines.map((line) => lineVariant({ product: line._id, variant: line.variant })));
    return lines.map((line) => ({ ...line, waiting: waiting.get(lineVariant({ product: line._id, variant: line.variant })) ?? 0 }));
  }

  /** Shoppers waiting for one variant (the low-stock mail), read in the caller's transaction. */
  async waitingFor(variantId: string): Promise<number> {
    return (await this.waits.waitingByVariant([variantId])).get(variantId) ?? 0;
  }

  private tell(waitId: string): Promise<boolean> {
    const token = randomBytes(32).toString('base64url');
    return this.tx.run(async () => {
      const wait = await this.waits.markTold(waitId, unsubscribeHash(token));
      if (!wait) return false;
      await this.outbox.append({
        event: CatalogEvent.BackInStock,
        waitId: wait.id,
        channel: wait.channel,
        contact: wait.contact,
        product: { _id: wait.productId, name: wait.productName },
        variant: { _id: wait.variantId, label: variantLabel(wait.options, wait.valueIds) },
        unsubscribeToken: token,
      });
      return true;
    });
  }
}
