import { DeliveryAreaIdSchema, DeliveryAreaInputSchema } from '@shop/rules';
import { z } from 'zod';
import { money } from './wire';

// Delivery areas (the catalog's site settings): their wire shapes and the requests of their patterns.

/** A delivery area as the API answers it. The default area's cost is `paymentSettings.deliveryCost`. */
export const DeliveryAreaSchema = z.object({
  _id: z.string(),
  name: z.string(),
  cost: money,
  estimatedDays: z.string(),
  active: z.boolean(),
  /** The area an order without one is delivered to; it cannot be switched off. */
  isDefault: z.boolean(),
});
export type DeliveryArea = z.infer<typeof DeliveryAreaSchema>;

/** The area as an order stores it (name and days at placing; its cost is the order's `deliveryCost`). */
export const OrderDeliveryAreaSchema = z.object({ name: z.string(), estimatedDays: z.string() });
export type OrderDeliveryArea = z.infer<typeof OrderDeliveryAreaSchema>;

/** `catalog.delivery-areas.list`: active areas only unless `all` (the owner's list). */
export const ListDeliveryAreasRequestSchema = z.object({ all: z.boolean().default(false) });
export type ListDeliveryAreasRequest = z.input<typeof ListDeliveryAreasRequestSchema>;

/**
 * `catalog.delivery-areas.price`: the one rule that picks the area an order or a quote is delivered to: the active
 * area asked for, or the default area when none is (an unknown or switched-off id is a 400).
 */
export const PriceDeliveryAreaRequestSchema = z.object({ id: DeliveryAreaIdSchema.optional() });
export type PriceDeliveryAreaRequest = z.input<typeof PriceDeliveryAreaRequestSchema>;

/** The picked area and its cost in force (TTD); `previousCost`: what it cost before its last change, if it changed. */
export interface PricedDeliveryArea {
  area: { _id: string; name: string; estimatedDays: string };
  cost: number;
  previousCost: number | null;
}

export const CreateDeliveryAreaRequestSchema = z.object({ area: DeliveryAreaInputSchema });
export type CreateDeliveryAreaRequest = z.input<typeof CreateDeliveryAreaRequestSchema>;

export const UpdateDeliveryAreaRequestSchema = z.object({ id: z.string(), area: DeliveryAreaInputSchema });
export type UpdateDeliveryAreaRequest = z.input<typeof UpdateDeliveryAreaRequestSchema>;

export { DeliveryAreaIdSchema };
