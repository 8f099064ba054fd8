import { z } from 'zod';

/**
 * What every paged answer carries after its items: this page's number, how many pages and how many items in all.
 * Spread into a page's schema: `z.object({ orders: z.array(OrderSchema), ...pageCounts })`.
 */
export const pageCounts = { page: z.number().int(), pages: z.number().int(), total: z.number().int() };
