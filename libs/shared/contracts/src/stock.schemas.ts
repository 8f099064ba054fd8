import { z } from 'zod';
import { ProductIdSchema } from './product';

/**
 * The key a stock reservation is filed under. The order service sends its order ids (UUIDs, `OrderIdSchema`);
 * the catalog only needs a safe, bounded key and does not tie itself to how orders are numbered.
 */
export const ReservationKeySchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Order id is not valid');

/** `catalog.stock.reserve`: the catalog takes the lines off the shelf (all or none) and answers their prices now. */
export const ReserveStockRequestSchema = z.object({
  orderId: ReservationKeySchema,
  items: z
    .array(
      z.object({
        product: z.string().refine((v) => ProductIdSchema.safeParse(v).success, 'Unknown product'),
        /** Absent: the product's implicit variant (whose id is the product's). */
        variant: z.uuid({ error: 'Variant is not valid' }).optional(),
        qty: z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(10_000, 'Quantity is too large'),
      }),
    )
    .min(1, 'The order has no items')
    .max(100, 'The order has too many lines'),
});
export type ReserveStockRequest = z.input<typeof ReserveStockRequestSchema>;

/** `catalog.stock.lookup` */
export const StockLookupRequestSchema = z.object({
  /** Each product's implicit variant (the id a cart line without a variant names). */
  products: z.array(z.string()).max(100, 'Too many products'),
  /** Lines naming a variant (issue 28): answered one item each, after those of `products`. */
  lines: z
    .array(z.object({ product: z.string(), variant: z.string().optional() }))
    .max(100, 'Too many products')
    .optional(),
});
export type StockLookupRequest = z.input<typeof StockLookupRequestSchema>;

/** `catalog.stock.commit` and `catalog.stock.release` */
export const StockOrderRequestSchema = z.object({ orderId: ReservationKeySchema });
export type StockOrderRequest = z.input<typeof StockOrderRequestSchema>;

/**
 * `order.orders.settle-reservations`: the catalog asks, for reservations held past their time without a stored
 * order, which orders exist. The order service answers each id once and for all (see `SettleReservationsResponse`).
 */
export const SettleReservationsRequestSchema = z.object({
  orderIds: z.array(ReservationKeySchema).min(1).max(100),
});
export type SettleReservationsRequest = z.input<typeof SettleReservationsRequestSchema>;
