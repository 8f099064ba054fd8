import { z } from 'zod';

// The pieces the contracts' wire shapes are built from (internal to the contracts: not exported by the index).

/** An amount of money as the API writes it: TTD, a number with at most two decimals. */
export const money = z.number().meta({ description: 'TTD, at most two decimals' });

/** An instant as the API writes it: ISO 8601 text. */
export const dateTime = z.string().meta({ format: 'date-time' });

/**
 * What every paged answer carries after its items: this page's number, how many pages and how many items in all.
 * Spread into a page's schema: `z.object({ orders: z.array(OrderSchema), ...pageCounts })`.
 */
export const pageCounts = { page: z.number().int(), pages: z.number().int(), total: z.number().int() };
