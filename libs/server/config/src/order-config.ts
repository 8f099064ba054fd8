import { z } from 'zod';
import { serviceConfigShape } from './base-config';
import { SERVER_APPS } from './server-apps';
import { refuseUnsafeProductionValues } from './production-checks';
import { stockHoldSeconds } from './catalog-config';

/** A limit setting: a whole number, 0 turning the limit off. */
const limit = (fallback: number) => z.coerce.number().int().min(0).max(1_000_000).default(fallback);

/** The order service's configuration: orders, their expiry and the sweeps that reconcile lost jobs. */
export const orderConfigSchema = z.object({
  ...serviceConfigShape(SERVER_APPS['order-service']),
  /** The shop's public address: where a payment returns the shopper to. */
  STOREFRONT_URL: z.url().default('http://localhost:4200'),
  RESERVATION_TTL_SECONDS: z.coerce.number().int().min(1).default(1800),
  /** How often the order service reconciles lost expiry and stock jobs, and how long it lets the normal path run first. */
  ORDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** The catalog's hold on an unclaimed reservation (the order service waits longer before it trusts the catalog released it). */
  STOCK_HOLD_SECONDS: stockHoldSeconds,
  /** An in-person order holds its stock this long unless the owner confirms it (issue 23; 48 hours). */
  IN_PERSON_HOLD_SECONDS: z.coerce.number().int().min(1).default(172_800),
  /** Issue 29: how long before a bank-transfer order's hold ends its shopper is reminded (at half the hold when that is shorter). */
  BANK_TRANSFER_REMINDER_SECONDS: z.coerce.number().int().min(1).default(86_400),
  /** At most this many of one product in one order (0: no limit beyond the API's 10,000 a line). */
  HOLD_MAX_QTY_PER_PRODUCT: limit(20),
  /** Open holds (card orders awaiting payment, unconfirmed in-person orders) one visitor, e-mail or address may have at once (0: no limit). */
  HOLD_MAX_OPEN_ORDERS: limit(5),
  /** Units one visitor, e-mail or address may hold at once in open holds, this order included (0: no limit). */
  HOLD_MAX_OPEN_UNITS: limit(60),
  /** An order is flagged 'Quantity far above usual' above this many times the shop's usual units per order. */
  FLAG_QUANTITY_FACTOR: z.coerce.number().int().min(2).max(100).default(5),
  /** An order is flagged 'Many orders from this client' when its visitor, e-mail or address placed this many others in 24 hours. */
  FLAG_CLIENT_ORDERS: z.coerce.number().int().min(1).max(1000).default(3),
}).superRefine(refuseUnsafeProductionValues);

export type OrderConfig = Readonly<z.output<typeof orderConfigSchema>>;
