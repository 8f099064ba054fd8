import { isRouteErrorResponse } from 'react-router-dom';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api-error';

/** The text a person may see for an error: the server's message, never a stack or a module URL. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (isRouteErrorResponse(error)) return error.statusText || GENERIC_ERROR_MESSAGE;
  return GENERIC_ERROR_MESSAGE;
}
