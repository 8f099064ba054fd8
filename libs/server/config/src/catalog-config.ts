import { z } from 'zod';
import { envBool, serviceConfigShape } from './base-config';
import { SERVER_APPS } from './server-apps';
import { refuseUnsafeProductionValues } from './production-checks';

/**
 * How long the catalog holds a reservation that no stored order has claimed yet (the order service died,
 * or gave up on the reserve call, between reserving and writing the order); then it asks the order
 * service and releases the stock of an order that was never written. The order service reads it too.
 */
export const stockHoldSeconds = z.coerce.number().int().min(1).max(3600).default(120);

/** The catalog service's configuration: products, reviews, stock, settings. */
export const catalogConfigSchema = z.object({
  ...serviceConfigShape(SERVER_APPS['catalog-service']),
  STOCK_HOLD_SECONDS: stockHoldSeconds,
  /** How often the catalog looks for unclaimed reservations older than STOCK_HOLD_SECONDS. */
  STOCK_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How often the catalog tells shoppers waiting for a variant that is in stock again (issue 28), one batch a run. */
  BACK_IN_STOCK_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** How many waiting shoppers one back-in-stock run tells at most (small batches through the mail queue). */
  BACK_IN_STOCK_BATCH: z.coerce.number().int().min(1).max(1000).default(20),
  /** Seeds the demo products into an empty catalogue (one that never held a product). */
  SEED_DEMO_DATA: envBool.default(false),
}).superRefine(refuseUnsafeProductionValues);

export type CatalogConfig = Readonly<z.output<typeof catalogConfigSchema>>;
