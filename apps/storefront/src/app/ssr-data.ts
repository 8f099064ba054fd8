import { ApiError } from '@shop/api-client';
import type { HydrationState } from 'react-router-dom';
import { SSR_DATA_ID } from './ssr-data-id';

export { SSR_DATA_ID };

/** A loader's promise that failed on the server, as it travels in the page (an error cannot be JSON). */
interface RejectedOnServer {
  $rejected: { message: string; status: number };
}

function isRejected(value: unknown): value is RejectedOnServer {
  return typeof value === 'object' && value !== null && '$rejected' in value;
}

function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}

/**
 * Server side: waits for every promise a loader handed over without waiting (`deferred`), so the page is
 * rendered whole and its data can be written into it. A failed one becomes a `$rejected` marker.
 */
export async function settleLoaderData(loaderData: Record<string, unknown>): Promise<Record<string, unknown>> {
  const settled: Record<string, unknown> = {};
  for (const [routeId, data] of Object.entries(loaderData)) {
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      settled[routeId] = data;
      continue;
    }
    const entries = await Promise.all(
      Object.entries(data).map(async ([key, value]): Promise<[string, unknown]> => {
        if (!isPromise(value)) return [key, value];
        try {
          return [key, await value];
        } catch (error) {
          const status = error instanceof ApiError ? error.status : 0;
          const message = error instanceof Error ? error.message : String(error);
          const rejected: RejectedOnServer = { $rejected: { message, status } };
          return [key, rejected];
        }
      }),
    );
    settled[routeId] = Object.fromEntries(entries);
  }
  return settled;
}

/**
 * A promise already failed, marked the way react-router's `<Await>` marks the promises it has seen settle, so
 * `<Await>` draws its error element on the first render (as the server did) instead of suspending first.
 */
function settledRejection(error: Error): Promise<never> {
  const promise = Promise.reject(error);
  promise.catch(() => undefined);
  Object.defineProperty(promise, '_tracked', { get: () => true });
  Object.defineProperty(promise, '_error', { get: () => error });
  return promise;
}

/** Values that came in the page from the server (rendered without the visitor's own id). */
const fromServer = new WeakSet<object>();

/**
 * True for a value the server rendered the page with: it was read without the visitor's id (the server never
 * sees it), so what depends on it (their own reviews marked `mine`) is read again in the browser.
 */
export function cameFromServer(value: object): boolean {
  return fromServer.has(value);
}

/** Both sides: the loader data with every `$rejected` marker turned back into a failed promise. */
export function reviveLoaderData(loaderData: Record<string, unknown>): Record<string, unknown> {
  const revived: Record<string, unknown> = {};
  for (const [routeId, data] of Object.entries(loaderData)) {
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      revived[routeId] = data;
      continue;
    }
    revived[routeId] = Object.fromEntries(
      Object.entries(data).map(([key, value]) =>
        isRejected(value) ? [key, settledRejection(new ApiError(value.$rejected.message, value.$rejected.status))] : [key, value],
      ),
    );
  }
  return revived;
}

/** Browser side: the hydration state the server wrote into the page, or none (a client-rendered screen). */
export function readHydrationData(): HydrationState | undefined {
  const script = document.getElementById(SSR_DATA_ID);
  if (!script?.textContent) return undefined;
  const { loaderData } = JSON.parse(script.textContent) as { loaderData: Record<string, unknown> };
  for (const data of Object.values(loaderData)) {
    if (data && typeof data === 'object') for (const value of Object.values(data)) if (value && typeof value === 'object') fromServer.add(value);
  }
  return { loaderData: reviveLoaderData(loaderData) };
}

/** JSON that is safe inside a `<script>` element (no `</script>`, no HTML comment openers, no line separators). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
