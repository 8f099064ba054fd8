import { RestockInputSchema } from '@shop/rules';
import { z } from 'zod';

/** What moved a product's stock by hand: the restock screen's "+N", or a products CSV import. Orders' stock moves stay in their reservations. */
export const StockMovementKind = { Restock: 'restock', Import: 'import' } as const;
export type StockMovementKind = (typeof StockMovementKind)[keyof typeof StockMovementKind];

/** One line of a product's inventory history (issue 26): who changed the stock, by how much, why and when. */
export const StockMovementSchema = z.object({
  _id: z.string(),
  product: z.string(),
  /** The variant whose stock moved, only for a named variant (issue 28; absent: the implicit one). */
  variant: z.string().optional(),
  variantLabel: z.string().optional(),
  kind: z.enum([StockMovementKind.Restock, StockMovementKind.Import]),
  /** Units added (positive) or taken (negative). */
  change: z.number().int(),
  /** The stock right after the move. */
  countAfter: z.number().int(),
  reason: z.string().nullable(),
  /** The admin's username. */
  actor: z.string(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

/** `POST /api/products/{id}/restock`: the movement recorded and the stock after it (the variant's display name and stock for a named variant). */
export const RestockResponseSchema = z.object({
  product: z.object({ _id: z.string(), name: z.string(), countInStock: z.number().int() }),
  movement: StockMovementSchema,
});
export type RestockResponse = z.infer<typeof RestockResponseSchema>;

/** `catalog.stock.restock`: the owner's "+N", with who did it (from the gateway's session, never the body). */
export const RestockRequestSchema = z.object({
  product: z.string(),
  input: RestockInputSchema,
  actor: z.string().min(1).max(200),
});
export type RestockRequest = z.input<typeof RestockRequestSchema>;

/** `catalog.stock.movements`: a product's inventory history (all its variants, or the one named), newest first. */
export const StockMovementsRequestSchema = z.object({
  product: z.string(),
  variant: z.string().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type StockMovementsRequest = z.input<typeof StockMovementsRequestSchema>;
