import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { errorSchema } from './openapi';
import { RetryAfterInterceptor } from './rate-limiter';

/**
 * A route whose limiter may refuse with 429: the refusal's Retry-After header is set, and the 429 is documented
 * with `description` (and the header, when `retryAfter` says what the client may do after it).
 */
export function RateLimited(description: string, retryAfter?: string): MethodDecorator {
  const headers = retryAfter === undefined ? {} : { headers: { 'Retry-After': { description: retryAfter, schema: { type: 'integer' as const } } } };
  return applyDecorators(UseInterceptors(RetryAfterInterceptor), ApiTooManyRequestsResponse({ description, schema: errorSchema, ...headers }));
}
