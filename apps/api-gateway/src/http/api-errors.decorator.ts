import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { errorSchema } from './openapi';

/** An error status a route answers with `{ message }`: what it means there, or `true` where the status says enough. */
export type ErrorAnswers = Partial<Record<400 | 401 | 403 | 404 | 409 | 503, string | true>>;

/**
 * Documents the error answers of a route (or of every route of a controller) in the OpenAPI document, each with
 * the one error shape: `@ApiErrors({ 400: true, 409: 'The code exists' })`.
 */
export function ApiErrors(answers: ErrorAnswers): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...Object.entries(answers).map(([status, description]) =>
      ApiResponse({ status: Number(status), ...(description === true ? {} : { description }), schema: errorSchema }),
    ),
  );
}
