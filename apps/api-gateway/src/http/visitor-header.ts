import { VISITOR_HEADER } from '@shop/contracts';
import { VisitorIdSchema } from '@shop/rules';

export { VISITOR_HEADER };

/** The OpenAPI description of the visitor header. */
export const visitorHeaderDoc = { name: 'X-Visitor-Id', required: false, description: "The anonymous visitor's id ('uid-' + 12 characters)" };

/** A visitor id from the header, if it is well formed (a malformed one counts as none). */
export function visitorFrom(header: string | undefined): string | undefined {
  return VisitorIdSchema.safeParse(header).success ? header : undefined;
}

/** Express gives repeated query parameters as arrays; the first one counts. */
export function firstValue(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}
