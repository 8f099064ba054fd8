import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { errorSchema } from '../http/openapi';
import { AdminGuard } from './admin.guard';

/**
 * An admin-only route: the AdminGuard (a bearer token, or the admin app's session cookie with its CSRF header)
 * and, for the OpenAPI document, the bearer scheme and the 401 and 403 answers it can give.
 */
export function AdminOnly(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(AdminGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: "'Not authorized, no token' or 'Not authorized, token failed'", schema: errorSchema }),
    ApiForbiddenResponse({ description: "A valid token, but not an admin's; or a cookie call from another origin or without its CSRF header", schema: errorSchema }),
  );
}
