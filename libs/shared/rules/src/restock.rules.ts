import { z } from 'zod';

/** The most one restock may add (a typo guard: a real delivery is far smaller). */
export const RESTOCK_MAX_QTY = 100_000;
export const RESTOCK_REASON_MAX = 200;

// A line of text: line breaks and other control characters are refused.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The owner's "+N" on the restock screen (issue 26): how many arrived, and why (optional). A form's text ('10')
 * is read as a number; the browser and the gateway check it with this one schema.
 */
export const RestockInputSchema = z.object(
  {
    qty: z
      .union([z.number(), z.string().trim().regex(/^\d+$/, 'Quantity must be a whole number').transform(Number)], {
        error: (issue) => (issue.input === undefined || issue.input === '' ? 'Quantity is required' : 'Quantity must be a whole number'),
      })
      .pipe(
        z
          .number({ error: 'Quantity must be a whole number' })
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(RESTOCK_MAX_QTY, `Quantity must be at most ${RESTOCK_MAX_QTY.toLocaleString('en-US')}`),
      ),
    /** Which of the product's variants arrived (issue 28); absent: its implicit variant (a product without options). */
    variant: z.uuid({ error: 'Variant is not valid' }).optional(),
    reason: z
      .string({ error: 'Reason must be text' })
      .refine((v) => !CONTROL_CHARACTERS.test(v), 'Reason must be a single line of text')
      .transform((v) => v.trim())
      .pipe(z.string().max(RESTOCK_REASON_MAX, `Reason must be at most ${RESTOCK_REASON_MAX} characters`))
      .optional()
      .transform((v) => (v ? v : undefined)),
  },
  { error: 'Send the quantity to add, for example { "qty": 10 }' },
);
export type RestockInput = z.output<typeof RestockInputSchema>;
