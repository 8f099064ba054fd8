import { AsyncLocalStorage } from 'node:async_hooks';

/** What one incoming request carries to everything it calls. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it awaits or schedules) inside the context of one request. */
export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The id of the request being handled, or undefined outside one (timers, start-up). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
