import type { AfterResponseHook } from 'ky';

/**
 * Marks a call whose 401 is its own answer, not a session that ended: a sign-in refused (a wrong password), a
 * sign-out with no session left (`context: OWN_401_CONTEXT`).
 */
export const OWN_401_CONTEXT: Readonly<Record<string, unknown>> = { own401: true };

let installed: (() => void) | undefined;

/**
 * The admin's one 401 handler, as the hook it installs: `configureApiClient({ afterResponse: [onUnauthorized(leave)] })`.
 * Every admin call is made in the owner's session, so a 401 (it ended, expired or was never there) runs the
 * handler once, except on the calls marked `OWN_401_CONTEXT` (signing in and out). The call then never
 * settles, so no screen flashes an error while the page goes to the login. The upload, made outside ky to report
 * its progress, runs the same handler (`runUnauthorizedHandler`).
 */
export function onUnauthorized(handler: () => void): AfterResponseHook {
  installed = handler;
  return (_request, options, response) => {
    if (response.status !== 401 || options.context.own401 === true) return undefined;
    handler();
    return new Promise<Response>(() => undefined);
  };
}

/** Runs the installed 401 handler for a call made outside ky; false when none is installed (the storefront). */
export function runUnauthorizedHandler(): boolean {
  if (!installed) return false;
  installed();
  return true;
}
