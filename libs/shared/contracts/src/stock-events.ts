import { z } from 'zod';
import type { ProductSummary } from './product';
import type { VariantFields } from './variant-lines';
import { StockWaitChannel, StockWaitTokenSchema } from './stock-waits';

/** Events the catalog publishes on NATS (through its outbox) after its database commit. */
export const CatalogEvent = {
  /** An order took a product's stock to the low-stock threshold or below: once per crossing. */
  LowStock: 'catalog.stock.low',
  /** A variant a shopper waits for is in stock again (issue 28): one event per waiting shopper, told once. */
  BackInStock: 'catalog.stock.back-in-stock',
} as const;
export type CatalogEvent = (typeof CatalogEvent)[keyof typeof CatalogEvent];

/**
 * `catalog.stock.low`: one per crossing. The product is flagged in the same transaction as the stock change
 * and the flag is cleared only when its stock rises above the threshold again, so a relay that publishes the
 * row twice repeats the same `eventId` (the notification service mails once per `eventId`).
 */
export const LowStockEventSchema = z.object({
  event: z.literal(CatalogEvent.LowStock),
  eventId: z.string().min(1),
  occurredAt: z.string(),
  /** `name` is the display name and `countInStock` the variant's, for a product with options (issue 28). */
  product: z.object({ _id: z.string(), name: z.string(), countInStock: z.number().int() }),
  /** The variant that ran low (absent in events from before variants: the product's implicit one). */
  variant: z.string().optional(),
  threshold: z.number().int(),
  /** The order whose reservation crossed the threshold. */
  orderId: z.string(),
  /** Shoppers waiting for the product to be back (issue 28); left out by events written before it. */
  waiting: z.number().int().min(0).optional(),
});
export type LowStockEvent = z.infer<typeof LowStockEventSchema>;

/**
 * `catalog.products.low-stock`: variants on sale with 1 to `threshold` left (the out-of-stock ones are the restock
 * list), each as its product named as the variant, with the variant's stock (issue 28).
 */
export interface LowStockList {
  threshold: number;
  products: Array<ProductSummary & VariantFields>;
}

/**
 * `catalog.stock.back-in-stock`: one waiting shopper to tell that a variant is in stock again. The catalog marks the
 * sign-up told and writes this row in one transaction, after checking the variant's stock again, so a shopper is told
 * once; the notification service mails once per `waitId`. An e-mail contact gets the mail; a WhatsApp contact is
 * mailed to the owner, with a wa.me link, to message by hand (the shop has no WhatsApp API).
 */
export const BackInStockEventSchema = z.object({
  event: z.literal(CatalogEvent.BackInStock),
  eventId: z.string().min(1),
  occurredAt: z.string(),
  waitId: z.string().min(1),
  channel: z.enum([StockWaitChannel.Email, StockWaitChannel.WhatsApp]),
  contact: z.string().min(3),
  product: z.object({ _id: z.string(), name: z.string() }),
  /** The variant's id, and its values as people read them ('16 oz / Cocoa'; '' for a product without options). */
  variant: z.object({ _id: z.string(), label: z.string() }),
  /** The shopper's unsubscribe token (only its hash is stored in the catalog). */
  unsubscribeToken: StockWaitTokenSchema,
});
export type BackInStockEvent = z.infer<typeof BackInStockEventSchema>;

/** Any event of the catalog's outbox. */
export type CatalogEventMessage = LowStockEvent | BackInStockEvent;
