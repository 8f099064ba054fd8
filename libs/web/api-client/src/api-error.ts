/** Shown when the server gave no usable `{ message }` (or could not be reached with a reason). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong, please try again.';

/** A failed API call: the server's `message` (safe to show) and the HTTP status, 0 when no answer came. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** True for errors raised because the caller aborted (navigation away, unmount): not worth showing. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
