import { z } from 'zod';
import type { ProductSummary } from './product';
import type { VariantFields } from './variant-lines';

/** Events the catalog publishes on NATS (through its outbox) after its database commit. */
export const CatalogEvent = {
  /** An order took a product's stock to the low-stock threshold or below: once per crossing. */
  LowStock: 'catalog.stock.low',
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
