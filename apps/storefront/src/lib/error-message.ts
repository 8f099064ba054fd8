import { ApiError, GENERIC_ERROR_MESSAGE } from '@shop/api-client';
import { isRouteErrorResponse } from 'react-router-dom';

/** The text a shopper may see for an error: the server's message, never a stack or a module URL. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (isRouteErrorResponse(error)) return error.statusText || GENERIC_ERROR_MESSAGE;
  return GENERIC_ERROR_MESSAGE;
}
