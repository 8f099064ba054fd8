/**
 * A promise a loader hands to the page without waiting for it (the page shows it through <Await>). A request
 * that fails before the page's code has arrived (a slow network, a lazy route) would otherwise have no handler
 * yet, and the browser reports an "uncaught" error behind the page's own message. The page still sees the
 * failure: only this extra, empty handler is attached.
 */
export function deferred<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
