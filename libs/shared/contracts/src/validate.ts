import type { z } from 'zod';
import { ValidationError } from './errors';

/** Parses a payload with a contract schema; the first problem becomes a 400 with its message. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}
