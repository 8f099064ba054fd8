import { z } from 'zod';
import { serviceConfigShape } from './base-config';
import { refuseUnsafeProductionValues } from './production-checks';
import { stockHoldSeconds } from './catalog-config';

/** The order service's configuration: orders, their expiry and the sweeps that reconcile lost jobs. */
export const orderConfigSchema = z.object({
  ...serviceConfigShape({ databaseRole: 'shop_order', opsPort: 9402, user: 'order-service' }),
  /** The shop's public address: where a payment returns the shopper to. */
  STOREFRONT_URL: z.url().default('http://localhost:4200'),
  RESERVATION_TTL_SECONDS: z.coerce.number().int().min(1).default(1800),
  /** How often the order service reconciles lost expiry and stock jobs, and how long it lets the normal path run first. */
  ORDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** The catalog's hold on an unclaimed reservation (the order service waits longer before it trusts the catalog released it). */
  STOCK_HOLD_SECONDS: stockHoldSeconds,
}).superRefine(refuseUnsafeProductionValues);

export type OrderConfig = Readonly<z.output<typeof orderConfigSchema>>;
