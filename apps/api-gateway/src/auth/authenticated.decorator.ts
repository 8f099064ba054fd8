import { applyDecorators, type CanActivate, type Type, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth } from '@nestjs/swagger';
import { ApiErrors } from '../http/api-errors.decorator';

/**
 * A route (or every route of a controller) for a signed-in caller: `guard` checks the bearer token or the admin
 * app's session cookie; the OpenAPI document names both schemes and what the guard's 401 and 403 mean here.
 */
export function Authenticated(guard: Type<CanActivate>, refusals: { 401: string; 403: string }): MethodDecorator & ClassDecorator {
  // In this order the document lists the session scheme first, as it did when each route spelled these out.
  return applyDecorators(UseGuards(guard), ApiCookieAuth('session'), ApiBearerAuth(), ApiErrors(refusals));
}
