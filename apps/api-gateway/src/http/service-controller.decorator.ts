import { applyDecorators, Controller } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { errorSchema } from './openapi';

/** What a 503 means for the routes of a controller, by the service (or services) they wait on. */
const UNAVAILABLE = {
  catalog: 'The catalog service did not answer in time',
  order: 'The order service did not answer in time',
  payment: 'The payment service did not answer in time',
  notification: 'The notification service did not answer in time',
  several: 'A service did not answer in time',
} as const;

/**
 * A controller whose routes are answered by a service over NATS: its routes under `path`, grouped in OpenAPI under
 * `tag`, each documented with the 503 that answers when `service` does not.
 */
export function ServiceController(path: string, tag: string, service: keyof typeof UNAVAILABLE): ClassDecorator {
  return applyDecorators(ApiTags(tag), ApiServiceUnavailableResponse({ description: UNAVAILABLE[service], schema: errorSchema }), Controller(path));
}
